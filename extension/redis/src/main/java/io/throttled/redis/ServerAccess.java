package io.throttled.redis;

import java.nio.file.Path;
import java.util.List;

/**
 * How to log in to the Redis servers, whatever the topology: user, password, database, TLS and the truststore for
 * the server's certificate ({@value RedisConfigKeys#USERNAME}, {@value RedisConfigKeys#PASSWORD},
 * {@value RedisConfigKeys#DATABASE}, {@value RedisConfigKeys#TLS}, {@value RedisConfigKeys#TRUSTSTORE} and its
 * password and type).
 *
 * @param username           the user, or null
 * @param password           the password, or null
 * @param database           the database number
 * @param tls                whether connections use TLS
 * @param truststore         the truststore, or null for the JVM's
 * @param truststorePassword its password, or null
 * @param truststoreType     its type
 */
record ServerAccess(String username, String password, int database, boolean tls, Path truststore,
                    String truststorePassword, String truststoreType) {

    /** {@return these settings with the user, password, database and TLS a URL gave} */
    ServerAccess with(String user, String secret, int db, boolean ssl) {
        return new ServerAccess(user, secret, db, ssl, truststore, truststorePassword, truststoreType);
    }

    /** Adds what is wrong to the errors, each naming its setting and value. */
    void check(List<String> errors) {
        if (database < 0) {
            errors.add(RedisConfigKeys.DATABASE + "=" + database + " must be 0 or more");
        }
        if (truststore != null && !truststore.toFile().canRead()) {
            errors.add(RedisConfigKeys.TRUSTSTORE + "=" + truststore + " cannot be read");
        }
    }

    /** Without the passwords. */
    @Override
    public String toString() {
        return "user " + username + ", database " + database + (tls ? ", TLS" : "")
                + (truststore == null ? "" : ", truststore " + truststore);
    }
}
