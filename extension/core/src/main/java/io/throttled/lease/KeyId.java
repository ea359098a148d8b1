package io.throttled.lease;

/**
 * A map key. Its equals and hashCode are written out: a record's generated equals goes through a JDK-wide
 * method handle whose one-entry cache (JDK-8078641, fixed in 18) keeps the last record class compared, and with
 * it the whole application, alive after an undeploy on Java 17.
 */
final class KeyId {
    private final String policy;
    private final String key;

    KeyId(String policy, String key) {
        this.policy = policy;
        this.key = key;
    }

    String policy() {
        return policy;
    }

    String key() {
        return key;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof KeyId that && policy.equals(that.policy) && key.equals(that.key);
    }

    @Override
    public int hashCode() {
        return 31 * policy.hashCode() + key.hashCode();
    }
}
