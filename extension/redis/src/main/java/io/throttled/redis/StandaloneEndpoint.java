package io.throttled.redis;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import redis.clients.jedis.HostAndPort;

/**
 * One server by URL ({@value RedisConfigKeys#URL}). The URL may carry the user, the password, the database and,
 * by its scheme {@code rediss://}, TLS: those stand for the separate settings.
 *
 * @param url the URL, checked to be {@code redis://} or {@code rediss://} with a host
 */
record StandaloneEndpoint(URI url) implements RedisEndpoint {

    /** {@return the URL's endpoint, or null when it is not a Redis URL (the reason added to the errors)} */
    static StandaloneEndpoint read(String text, List<String> errors) {
        try {
            URI uri = new URI(text.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("redis") && !scheme.equals("rediss")) {
                errors.add(RedisConfigKeys.URL + " '" + redacted(text) + "' must start with redis:// or rediss://");
                return null;
            }
            if (uri.getHost() == null) {
                errors.add(RedisConfigKeys.URL + " '" + redacted(text)
                        + "' names no host; e.g. redis://localhost:6379");
                return null;
            }
            return new StandaloneEndpoint(uri);
        } catch (URISyntaxException e) {
            errors.add(RedisConfigKeys.URL + " '" + redacted(text) + "' is not a URL: " + e.getReason()
                    + "; e.g. redis://user:password@localhost:6379/0");
            return null;
        }
    }

    /**
     * {@return the URL's user, password, database and scheme over the separate settings} A password in both places
     * is an error.
     */
    ServerAccess access(ServerAccess given, List<String> errors) {
        String user = given.username();
        String pass = given.password();
        int db = given.database();
        String[] info = url.getUserInfo() == null ? new String[0] : url.getUserInfo().split(":", 2);
        if (info.length == 2 && !info[1].isEmpty()) {
            if (pass != null) {
                errors.add("the password is given both in " + RedisConfigKeys.URL + " and " + RedisConfigKeys.PASSWORD
                        + "; keep one");
            }
            pass = info[1];
        }
        if (info.length > 0 && !info[0].isEmpty()) {
            user = info[0];
        }
        String path = url.getPath() == null ? "" : url.getPath().replaceFirst("^/", "");
        if (!path.isEmpty()) {
            try {
                db = Integer.parseInt(path);
            } catch (NumberFormatException e) {
                errors.add(RedisConfigKeys.URL + ": database '" + path + "' must be a number");
                db = 0;
            }
        }
        return given.with(user, pass, db, given.tls() || url.getScheme().equalsIgnoreCase("rediss"));
    }

    /** {@return the server, on port 6379 unless the URL names one} */
    HostAndPort server() {
        return new HostAndPort(url.getHost(), url.getPort() < 0 ? 6379 : url.getPort());
    }

    @Override
    public RedisSettings.Topology topology() {
        return RedisSettings.Topology.STANDALONE;
    }

    @Override
    public List<HostAndPort> nodes() {
        return List.of();
    }

    @Override
    public String describe(ServerAccess access) {
        return (access.tls() ? "rediss://" : "redis://") + server() + "/" + access.database();
    }

    /** The URL without its user and password, which may be in it. */
    @Override
    public String toString() {
        return redacted(url.toString());
    }

    /** A URL as messages show it: any user and password replaced by {@code ***}, so no log line carries them. */
    static String redacted(String url) {
        return url.replaceAll("(?<=://)[^/?#]*@", "***@");
    }
}
