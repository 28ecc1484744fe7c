import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

type ZodRouteSchema = Parameters<typeof serializerCompiler>[0];

/**
 * The zod response serializer, remembering its output per payload object. Only for routes that
 * answer the very same frozen object again and again (auth/me answers the user the session cache
 * froze): validating and encoding that object costs more than the rest of the request, and
 * neither can change while the object lives. Fresh objects (errors, uncached users) pass through.
 */
export function rememberingSerializerCompiler<T>(
  routeSchema: Parameters<FastifySerializerCompiler<T>>[0],
): (data: unknown) => string {
  // Route schemas are zod here (app.ts sets the zod compilers); fastify types them generically.
  const serialize = serializerCompiler(routeSchema as unknown as ZodRouteSchema);
  const remembered = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = remembered.get(data);
    if (json === undefined) remembered.set(data, (json = serialize(data)));
    return json;
  };
}

/** Memoises a function of an object by that object's identity (garbage-collected with it). */
export function rememberByIdentity<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const remembered = new WeakMap<K, V>();
  return (key) => {
    if (remembered.has(key)) return remembered.get(key)!;
    const value = compute(key);
    remembered.set(key, value);
    return value;
  };
}

/**
 * Plain JSON.stringify, no zod on the way out: for hot reads whose payload is built field by field
 * by a presenter typed with the response schema's type, where re-validating every object would be
 * a third or more of the route's CPU. The route's schema still documents the answer.
 */
export const typedPayloadSerializerCompiler = () => (data: unknown) => JSON.stringify(data);
