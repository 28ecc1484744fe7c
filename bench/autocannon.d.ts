// The slice of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    /** Requests histogram: how many were made in the whole run. */
    total: number;
  } & Record<`p${string}`, number>;
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Responses with a 2xx status. */
    '2xx': number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
