import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
await database.close();
console.log(`migrated (${database.driver})`);
