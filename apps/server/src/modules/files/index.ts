// What other modules may use of the files module.
export { presentFile, type FileRef } from './presenter';
