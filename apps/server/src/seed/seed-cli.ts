import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedIfEmpty } from './seed.ts';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const seeded = await seedIfEmpty(database);
await database.close();
console.log(seeded ? 'seeded the demo data' : 'the database already has data; nothing seeded');
