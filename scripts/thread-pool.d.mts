export declare const THREAD_POOL_SIZE: string;
export declare function withThreadPool<Env extends Record<string, string | undefined>>(env: Env): Env & { UV_THREADPOOL_SIZE: string };
