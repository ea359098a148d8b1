package io.throttled.bench;

import java.util.ArrayList;
import java.util.List;

/** A peer limiter, the settings it is swept over and how a client is opened at one of them on the benchmark Redis. */
record Peer(String name, List<PeerSetting> sweep, Opener opener) {

    interface Opener {
        PeerClient open(int port, PeerSetting setting);
    }

    PeerClient open(int port, PeerSetting setting) {
        return opener.open(port, setting);
    }

    /** The peers of section 9; {@code smoke} keeps the first and the last setting of each sweep. */
    static List<Peer> all(boolean smoke) {
        List<PeerSetting> jedisPools = settings(new int[] {2, 8, 72}, new int[] {0}, false);
        // Lettuce multiplexes callers over one connection; its default I/O threads are the cores, and never fewer
        // than 2 (it raises 1 to 2)
        List<PeerSetting> lettuce = settings(new int[] {1, 4}, new int[] {2, 4}, true);
        // Redisson's defaults: a pool of 64 connections and 32 Netty threads
        List<PeerSetting> redisson = settings(new int[] {8, 64}, new int[] {2, 32}, true);
        List<Peer> peers = List.of(
                new Peer("Bucket4j-Jedis 8.17", jedisPools, (port, s) -> new Bucket4jTarget(port, s.connections())),
                new Peer("Bucket4j-Lettuce 8.17", lettuce, Bucket4jLettuceClient::new),
                new Peer("Bucket4j-Redisson 8.17", redisson, Bucket4jRedissonClient::new),
                new Peer("Redisson RRateLimiter 3.52", redisson, RedissonLimiterClient::new),
                new Peer("Spring Cloud Gateway 5.0.4 script, Lettuce", lettuce, GatewayScriptClient::new));
        if (!smoke) {
            return peers;
        }
        List<Peer> small = new ArrayList<>();
        for (Peer peer : peers) {
            List<PeerSetting> sweep = peer.sweep();
            small.add(new Peer(peer.name(), sweep.size() == 1 ? sweep : List.of(sweep.get(0), sweep.get(sweep.size() - 1)),
                    peer.opener()));
        }
        return small;
    }

    private static List<PeerSetting> settings(int[] connections, int[] ioThreads, boolean async) {
        List<PeerSetting> all = new ArrayList<>();
        for (int c : connections) {
            for (int io : ioThreads) {
                all.add(new PeerSetting(c, io, false));
                if (async) {
                    all.add(new PeerSetting(c, io, true));
                }
            }
        }
        return all;
    }
}
