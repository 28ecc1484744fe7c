// What other modules may use of the tokens module (the plugin itself is registered by modules/index.ts).
export type { SessionMatch } from './cache';
export { actorOf, authOf, SESSION_CACHE_TTL_MS } from './guard';
export type { LiveSessionRow } from './repository';
export type { AuthContext, IssuedTokens, TokenService } from './service';
