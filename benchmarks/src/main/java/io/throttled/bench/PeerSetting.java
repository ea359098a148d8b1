package io.throttled.bench;

/**
 * One point of a peer's sweep: its connections (a pool's size, or how many multiplexed connections callers are
 * spread over), its Netty I/O threads (0 where the client has none) and whether callers block or keep calls in
 * flight through the asynchronous API ({@link AsyncLoad}).
 */
record PeerSetting(int connections, int ioThreads, boolean async) {

    String label() {
        String threads = ioThreads == 0 ? "" : ", " + ioThreads + " io";
        return (ioThreads == 0 ? "pool " : "") + connections + (ioThreads == 0 ? "" : " conn") + threads
                + (async ? ", async" : ", sync");
    }
}
