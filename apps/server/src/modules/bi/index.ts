// What other modules may use of the bi module.
export type { BiModule } from './plugin';
