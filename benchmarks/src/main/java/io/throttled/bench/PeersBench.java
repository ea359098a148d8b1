package io.throttled.bench;

import io.throttled.testing.redis.RedisProcess;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/**
 * Section 9: the Java peers a team would otherwise pick, each on its best client setting, against ours (coalesced,
 * the default), for the same decision (a token bucket of 10^9 a second, every call admitted and written) on the same
 * keys, one hot key and 100,000 uniform ones, at 1, 8 and 64 callers. Each peer is first swept over the knobs that
 * matter to it; then ours and the peer at its best setting for that case are measured alternately.
 */
final class PeersBench {
    /** One case: which keys, how many callers. */
    record Case(boolean hot, int callers) {
        String label() {
            return (hot ? "hot key" : "uniform") + ", " + callers;
        }
    }

    /** For the chart: per category (ours, or a peer at a setting), decisions/s per case of {@link #chartCases}. */
    final Map<String, double[]> sweepChart = new LinkedHashMap<>();
    final List<Case> chartCases = new ArrayList<>();
    /** Ours per case in the alternated measurements, and each peer's best blocking (sync) figure per case in the sweep. */
    private final Map<String, List<Double>> oursPaired = new LinkedHashMap<>();
    private final Map<String, Double> bestBlocking = new LinkedHashMap<>();

    void run(Report report, RedisProcess redis, Limiters ours, ThroughputBench.Settings settings) {
        int keyCount = settings.smoke() ? 1_000 : 100_000;
        List<Case> cases = cases(settings.smoke());
        List<Peer> peers = Peer.all(settings.smoke());
        report.heading("9. Peers at their best");
        report.paragraph("Ours (coalesced, the default; callers are threads that block) against the Java limiters a team"
                + " would otherwise use, each on Redis through its own client: Bucket4j 8.17 (compare-and-swap) on Jedis,"
                + " on Lettuce 7.7 and on Redisson 3.52; Redisson's own `RRateLimiter`; and Spring Cloud Gateway's"
                + " token-bucket script, read from `spring-cloud-gateway-server-webflux` 5.0.4's jar, driven by Lettuce."
                + " All make the same decision: a token bucket of 10^9 a second, so every call is admitted and writes, on"
                + " one hot key or on " + String.format("%,d", keyCount) + " uniformly random keys, at 1, 8 and 64 callers."
                + " Each peer is swept over its connections (a pool's size, or how many multiplexed connections callers"
                + " are spread over), its Netty I/O threads and sync against async. An async caller is a call kept in"
                + " flight through the client's asynchronous API, the next one started by the answer (no thread blocks),"
                + " as a reactive application uses it. Then ours and each peer at its best setting for the case are"
                + " measured alternately " + settings.rounds() + " times; the round with the median ratio is shown."
                + " Targets: ours ≥ 1.0× each peer at 1 and 8 callers, ≥ 1.5× at 64.");
        List<String> keys = IntStream.range(0, keyCount).mapToObj(i -> "k" + i).toList();
        for (Case c : cases) {
            if (c.callers() > 1) {
                chartCases.add(c);
            }
        }
        // ours compiled before its first figure, as the peers are (this section may run alone)
        for (Case c : List.of(new Case(false, 8), new Case(true, 8))) {
            measureOurs(ours, c, keyCount, settings);
        }
        double[] oursRow = new double[chartCases.size()];
        for (int i = 0; i < chartCases.size(); i++) {
            oursRow[i] = measureOurs(ours, chartCases.get(i), keyCount, settings).perSecond();
        }
        sweepChart.put("ours", oursRow);

        Map<String, PeerSetting> best = new LinkedHashMap<>();
        Set<String> prepared = new HashSet<>();
        for (Peer peer : peers) {
            best.putAll(sweep(report, redis, peer, cases, keys, keyCount, settings, prepared));
        }

        Report.Table table = report.table("keys", "callers", "peer", "its best setting", "peer/s", "peer p50 / p99 ms",
                "ours/s", "ours p50 / p99 ms", "ours ÷ peer", "target");
        Map<String, String[]> summary = new LinkedHashMap<>();
        for (Case c : cases) {
            for (Peer peer : peers) {
                PeerSetting setting = best.get(peer.name() + "|" + c.label());
                try (PeerClient client = open(peer, redis, setting, keys, prepared)) {
                    Paired<Measurement, Measurement> pair = Paired.median(settings.rounds(),
                            () -> measureOurs(ours, c, keyCount, settings),
                            () -> measure(client, setting, c, keyCount, settings));
                    double target = c.callers() == 64 ? 1.5 : 1.0;
                    table.row(c.hot() ? "one hot key" : "uniform", c.callers(), peer.name(), setting.label(),
                            Report.num(pair.theirs().perSecond()), latencies(pair.theirs()),
                            Report.num(pair.ours().perSecond()), latencies(pair.ours()), Report.ratio(pair.ratio()),
                            "≥ " + target + "×: " + Report.verdict(pair.ratio(), target, true));
                    summary.computeIfAbsent(peer.name(), name -> new String[cases.size()])[cases.indexOf(c)] =
                            Report.ratio(pair.ratio());
                    oursPaired.computeIfAbsent(c.label(), label -> new ArrayList<>()).add(pair.ours().perSecond());
                }
            }
        }
        table.end();
        String[] columns = new String[cases.size() + 1];
        columns[0] = "ours ÷ peer at its best";
        for (int i = 0; i < cases.size(); i++) {
            columns[i + 1] = cases.get(i).label();
        }
        Report.Table ratios = report.table(columns);
        summary.forEach((name, row) -> {
            Object[] cells = new Object[row.length + 1];
            cells[0] = name;
            System.arraycopy(row, 0, cells, 1, row.length);
            ratios.row(cells);
        });
        ratios.end();
        report.paragraph("Against each peer's best setting where callers block, as ours do (a thread per call in"
                + " flight): ours is the median of its figures in the table above for the case, the peer's its best"
                + " blocking figure in the sweep (measured once each, not alternated):");
        double[] oursMedian = new double[cases.size()];
        for (int i = 0; i < cases.size(); i++) {
            oursMedian[i] = Medians.of(oursPaired.get(cases.get(i).label()), Double::doubleValue);
        }
        Report.Table blocking = report.table(columns);
        for (Peer peer : peers) {
            Object[] cells = new Object[cases.size() + 1];
            cells[0] = peer.name();
            for (int i = 0; i < cases.size(); i++) {
                Double theirs = bestBlocking.get(peer.name() + "|" + cases.get(i).label());
                cells[i + 1] = theirs == null ? "" : Report.ratio(oursMedian[i] / theirs);
            }
            blocking.row(cells);
        }
        blocking.end();
    }

    /** The peer at every setting of its sweep, every case; returns its best setting per case. */
    private Map<String, PeerSetting> sweep(Report report, RedisProcess redis, Peer peer, List<Case> cases,
                                           List<String> keys, int keyCount, ThroughputBench.Settings settings,
                                           Set<String> prepared) {
        String[] columns = new String[cases.size() + 1];
        columns[0] = peer.name() + ": setting";
        for (int i = 0; i < cases.size(); i++) {
            columns[i + 1] = cases.get(i).label() + " /s";
        }
        Report.Table table = report.table(columns);
        Map<String, PeerSetting> best = new LinkedHashMap<>();
        Map<String, Double> top = new LinkedHashMap<>();
        // the JIT compiles the peer's code first, so that the first setting swept is not measured cold
        for (PeerSetting setting : List.of(peer.sweep().get(0), peer.sweep().get(peer.sweep().size() - 1))) {
            try (PeerClient client = open(peer, redis, setting, keys, prepared)) {
                measure(client, setting, new Case(false, 8), keyCount, settings);
                measure(client, setting, new Case(true, 8), keyCount, settings);
            }
        }
        for (PeerSetting setting : peer.sweep()) {
            Object[] row = new Object[columns.length];
            row[0] = setting.label();
            double[] chart = new double[chartCases.size()];
            try (PeerClient client = open(peer, redis, setting, keys, prepared)) {
                for (int i = 0; i < cases.size(); i++) {
                    Case c = cases.get(i);
                    double perSecond = measure(client, setting, c, keyCount, settings).perSecond();
                    row[i + 1] = Report.num(perSecond);
                    String name = peer.name() + "|" + c.label();
                    if (!setting.async()) {
                        bestBlocking.merge(name, perSecond, Math::max);
                    }
                    if (perSecond > top.getOrDefault(name, -1.0)) {
                        top.put(name, perSecond);
                        best.put(name, setting);
                    }
                    int charted = chartCases.indexOf(c);
                    if (charted >= 0) {
                        chart[charted] = perSecond;
                    }
                }
            }
            table.row(row);
            sweepChart.put(shortName(peer) + ": " + setting.label(), chart);
        }
        Object[] bestRow = new Object[columns.length];
        bestRow[0] = "**best**";
        for (int i = 0; i < cases.size(); i++) {
            bestRow[i + 1] = best.get(peer.name() + "|" + cases.get(i).label()).label();
        }
        table.row(bestRow);
        table.end();
        return best;
    }

    private static PeerClient open(Peer peer, RedisProcess redis, PeerSetting setting, List<String> keys, Set<String> prepared) {
        PeerClient client = peer.open(redis.port(), setting);
        if (prepared.add(peer.name())) {   // once per peer: what it sets up stays in Redis
            List<String> all = new ArrayList<>(keys);
            all.add("hot");
            client.prepare(all);
        }
        return client;
    }

    static Measurement measure(PeerClient client, PeerSetting setting, Case c, int keyCount, ThroughputBench.Settings settings) {
        if (setting.async()) {
            return AsyncLoad.run(c.callers(), settings.warmUp(), settings.measure(),
                    chain -> () -> client.decideAsync(chain, key(c, keyCount)));
        }
        return Load.run(c.callers(), settings.warmUp(), settings.measure(), Long.MAX_VALUE,
                t -> () -> client.decide(t, key(c, keyCount)));
    }

    private static Measurement measureOurs(Limiters ours, Case c, int keyCount, ThroughputBench.Settings settings) {
        return Load.run(c.callers(), settings.warmUp(), settings.measure(), Long.MAX_VALUE,
                t -> () -> ours.coalesced.acquire(Bucket4jBench.POLICY, key(c, keyCount), 1));
    }

    private static List<Case> cases(boolean smoke) {
        if (smoke) {
            return List.of(new Case(false, 8), new Case(true, 64));
        }
        List<Case> all = new ArrayList<>();
        for (boolean hot : new boolean[] {false, true}) {
            for (int callers : ThroughputBench.CALLERS) {
                all.add(new Case(hot, callers));
            }
        }
        return all;
    }

    private static String key(Case c, int keyCount) {
        return c.hot() ? "hot" : "k" + ThreadLocalRandom.current().nextInt(keyCount);
    }

    private static String shortName(Peer peer) {
        return peer.name().replace(" 8.17", "").replace(" 3.52", "").replace(" 5.0.4 script, Lettuce", "");
    }

    private static String latencies(Measurement m) {
        return Report.num(m.p50()) + " / " + Report.num(m.p99());
    }

    String[] chartSeries() {
        return chartCases.stream().map(c -> c.label() + " callers").toArray(String[]::new);
    }
}
