// Preload for bench/memory.ts only (`--import`): prints the server's memory split every
// BENCH_PROBE_SECONDS (default 10) to stderr as one JSON line — V8's heap, memory outside it
// (Buffers, ArrayBuffers: `external`), and the WebAssembly memories PGlite has grown — to show
// where VmRSS goes. Usage: node --import ./bench/memory-probe.mjs apps/server/dist/main.js
const memories = new Set();
const OriginalMemory = WebAssembly.Memory;
// PGlite's Emscripten module makes its heap with `new WebAssembly.Memory` (or exports one from
// the instance); both are caught here so their size can be read.
WebAssembly.Memory = new Proxy(OriginalMemory, {
  construct(target, args) {
    const memory = Reflect.construct(target, args);
    memories.add(new WeakRef(memory));
    return memory;
  },
});
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...args) => {
  const result = await instantiate(...args);
  const instance = result.instance ?? result;
  for (const value of Object.values(instance.exports ?? {}))
    if (value instanceof OriginalMemory) memories.add(new WeakRef(value));
  return result;
};
const mb = (bytes) => Math.round(bytes / 1048576);
const every = Number(process.env.BENCH_PROBE_SECONDS ?? 10) * 1000;
setInterval(() => {
  const usage = process.memoryUsage();
  const wasm = [...memories].map((ref) => ref.deref()).filter(Boolean);
  process.stderr.write(
    `${JSON.stringify({
      probe: 'memory',
      rss: mb(usage.rss),
      heapTotal: mb(usage.heapTotal),
      heapUsed: mb(usage.heapUsed),
      external: mb(usage.external),
      arrayBuffers: mb(usage.arrayBuffers),
      wasm: wasm.map((m) => mb(m.buffer.byteLength)),
    })}\n`,
  );
}, every).unref();
