import { documentAs } from '../openapi';
import { accountComponents } from './accounts';
import { adminToolComponents } from './admin-tools';
import { nsBiComponents } from './ns-bi';
import { passkeyComponents } from './passkeys';

// The contract's schemas the OpenAPI document names (components/schemas, referenced by $ref), each
// with an example, one file per feature. Registered once, when this folder is first imported
// (openapi-document.ts imports it); a request body the contract builds per call is named where its
// route builds it.
const components = [...accountComponents, ...nsBiComponents, ...adminToolComponents, ...passkeyComponents];

for (const [schema, id, example] of components) documentAs(schema, id, example);

/** Every named component with its example (the OpenAPI test checks each example against its schema). */
export const documentedComponents = components;
