// The schemas first, so that their modules run in the order schemas.ts gives (/openapi.json's components).
import './schemas.ts';

export * from './api-client.ts';
export * from './client.ts';
export * from './endpoint-examples.ts';
export * from './endpoint-types.ts';
export * from './endpoints.ts';
export * from './openapi.ts';
export { schemasReachedFrom, toJsonSchema } from './openapi-schemas.ts';
export * from './paths.ts';
export * from './routes.ts';
export * from './schemas.ts';
