package io.throttled.redis;

/**
 * A Redis server's version, as {@code INFO server} reports it ({@code redis_version:7.0.15}), and the versions
 * the scripts need: {@code SET ... PXAT} (every decision) needs 6.2; {@code PEXPIRETIME} (reserving a slot with
 * {@code max-wait}, and giving it back) needs 7.0.
 *
 * @param major the major version
 * @param minor the minor version
 * @param patch the patch version
 */
public record RedisVersion(int major, int minor, int patch) implements Comparable<RedisVersion> {
    /** The oldest Redis the scripts run on: {@code SET ... PXAT}. */
    public static final RedisVersion MINIMUM = new RedisVersion(6, 2, 0);
    /** The oldest Redis that can reserve slots for {@code max-wait}: {@code PEXPIRETIME}. */
    public static final RedisVersion RESERVATIONS = new RedisVersion(7, 0, 0);

    /**
     * Reads a version such as {@code 7.0.15}, {@code 6.2} or {@code 7.2.4-rc1} (the suffix is ignored).
     *
     * @param text the version
     * @return the version
     * @throws IllegalArgumentException when the text does not start with {@code major.minor}
     */
    public static RedisVersion parse(String text) {
        String[] parts = text == null ? new String[0] : text.trim().split("[-+ ]", 2)[0].split("\\.");
        if (parts.length < 2 || parts.length > 3) {
            throw new IllegalArgumentException("'" + text + "' is not a Redis version (major.minor[.patch])");
        }
        try {
            return new RedisVersion(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]),
                    parts.length == 3 ? Integer.parseInt(parts[2]) : 0);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a Redis version (major.minor[.patch])", e);
        }
    }

    /**
     * Finds {@code redis_version:} in the reply to {@code INFO} or {@code INFO server}.
     *
     * @param info the reply
     * @return the version
     * @throws IllegalArgumentException when the reply has no such line
     */
    public static RedisVersion fromInfo(String info) {
        for (String line : info.split("\r?\n")) {
            if (line.startsWith("redis_version:")) {
                return parse(line.substring("redis_version:".length()));
            }
        }
        throw new IllegalArgumentException("the INFO reply names no redis_version");
    }

    /**
     * Whether this version is {@code other} or newer.
     *
     * @param other the version to compare with
     * @return whether this version is {@code other} or newer
     */
    public boolean atLeast(RedisVersion other) {
        return compareTo(other) >= 0;
    }

    @Override
    public int compareTo(RedisVersion other) {
        int byMajor = Integer.compare(major, other.major);
        if (byMajor != 0) {
            return byMajor;
        }
        int byMinor = Integer.compare(minor, other.minor);
        return byMinor != 0 ? byMinor : Integer.compare(patch, other.patch);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
