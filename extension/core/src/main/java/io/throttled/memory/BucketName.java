package io.throttled.memory;

/**
 * Which bucket: a policy's name and the client key as it appears inside the braces of the Redis key
 * ({@link io.throttled.core.BucketKeys#safe}). Two fields instead of the joined key string, so a decision
 * neither builds nor hashes that string.
 *
 * <p>A key of at most {@value #PACKED_CHARS} ASCII characters (client addresses, most principals) is also held as
 * two longs, and two such names are told apart by those alone: a cache lookup then reads this object's line, not
 * the stored key's string and its bytes, two more cache misses on a key not decided on lately (JMH, async-profiler:
 * the comparison was 15–20 % of a decision).
 */
final class BucketName {
    private static final int PACKED_CHARS = 16;
    /** {@link #low} and {@link #high} of a key that does not fit: no packed key has a byte above 0x7F. */
    private static final long UNPACKED = -1;

    private final String policy;
    private final String key;
    private final long low;
    private final long high;
    private final int hash;

    BucketName(String policy, String key) {
        this.policy = policy;
        this.key = key;
        long lo = 0;
        long hi = 0;
        boolean fits = key.length() <= PACKED_CHARS;
        for (int i = 0; fits && i < key.length(); i++) {
            char c = key.charAt(i);
            fits = c > 0 && c < 0x80;   // no NUL, so zero padding cannot make two keys alike
            if (i < 8) {
                lo |= (long) c << (8 * i);
            } else {
                hi |= (long) c << (8 * (i - 8));
            }
        }
        this.low = fits ? lo : UNPACKED;
        this.high = fits ? hi : UNPACKED;
        this.hash = 31 * policy.hashCode() + key.hashCode();   // stable, so it also picks the bucket's lock
    }

    String policy() {
        return policy;
    }

    String key() {
        return key;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        return other instanceof BucketName that && hash == that.hash && low == that.low && high == that.high
                && (low != UNPACKED || key.equals(that.key))
                && (policy == that.policy || policy.equals(that.policy));
    }

    @Override
    public String toString() {
        return policy + "/" + key;
    }
}
