package io.throttled.core;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where the key of a bucket comes from: {@code principal-or-ip} (default), {@code principal}, {@code ip},
 * {@code global}, {@code header:<Name>} or {@code bean:<name>} (an application {@code KeyResolver}).
 * This is only the syntax; resolving a key against a request happens at the Jakarta edge.
 *
 * @param kind     the kind of source
 * @param argument the header, bean or claim name; for a composite key its parts' config text; otherwise empty
 */
public record KeySource(Kind kind, String argument) {

    /** {@code principal-or-ip}, the source of a policy that names none. */
    public static final KeySource DEFAULT = new KeySource(Kind.PRINCIPAL_OR_IP, "");
    /** The accepted forms, for error messages. */
    public static final String ALLOWED = "principal-or-ip, principal, ip, global, header:<Name>, bean:<name>,"
            + " claim:<name>, or two of these joined by + (principal+ip)";

    // RFC 9110 token characters: what a header field name may contain.
    private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}");
    private static final Pattern BEAN_NAME = Pattern.compile("[A-Za-z0-9._$-]{1,200}");

    /** The kinds of source, by their config names. */
    public enum Kind {
        /** The caller's principal when authenticated, otherwise the client IP. */
        PRINCIPAL_OR_IP("principal-or-ip"),
        /** The caller's principal, else the client IP. */
        PRINCIPAL("principal"),
        /** The client IP (seen through trusted proxies), else the caller's principal. */
        IP("ip"),
        /** One bucket for every caller. */
        GLOBAL("global"),
        /** The first value of a request header, else as {@link #PRINCIPAL_OR_IP}. */
        HEADER("header"),
        /** What the application's {@code KeyResolver} bean of that name returns, else as {@link #PRINCIPAL_OR_IP}. */
        BEAN("bean"),
        /** A claim of the caller's MicroProfile JWT. */
        CLAIM("claim"),
        /** Two sources together ({@code principal+ip}): the argument is the parts' config text. */
        COMPOSITE("composite");

        private final String configName;

        Kind(String configName) {
            this.configName = configName;
        }

        /** {@return the name used in config values, before the {@code :argument}} */
        public String configName() {
            return configName;
        }

        boolean takesArgument() {
            return this == HEADER || this == BEAN || this == CLAIM;
        }
    }

    /**
     * Checks the argument against the kind.
     *
     * @param kind     the kind of source
     * @param argument the name it takes, or empty (null is read as empty)
     * @throws IllegalArgumentException naming the source and what is wrong
     */
    public KeySource {
        if (kind == null) {
            throw new IllegalArgumentException("key source kind is missing");
        }
        argument = argument == null ? "" : argument;
        if (kind == Kind.HEADER && !HEADER_NAME.matcher(argument).matches()) {
            throw new IllegalArgumentException("'header:" + argument + "' does not name a valid HTTP header");
        }
        if (kind == Kind.BEAN && !BEAN_NAME.matcher(argument).matches()) {
            throw new IllegalArgumentException("'bean:" + argument + "' does not name a bean (letters, digits, . _ $ -)");
        }
        if (kind == Kind.CLAIM && !BEAN_NAME.matcher(argument).matches()) {
            throw new IllegalArgumentException("'claim:" + argument + "' does not name a claim (letters, digits, . _ $ -)");
        }
        if (kind == Kind.COMPOSITE) {
            parts(argument);   // validates
        } else if (!kind.takesArgument() && !argument.isEmpty()) {
            throw new IllegalArgumentException("key source " + kind.configName + " takes no argument");
        }
    }

    /**
     * Parses the config form.
     *
     * @param text e.g. {@code ip}, {@code header:X-Api-Key}, {@code principal+ip}
     * @return the source
     * @throws IllegalArgumentException naming the value and the allowed forms
     */
    public static KeySource parse(String text) {
        String trimmed = text == null ? "" : text.trim();
        if (trimmed.contains("+")) {
            return new KeySource(Kind.COMPOSITE, String.join("+", parts(trimmed).stream().map(KeySource::toString).toList()));
        }
        int colon = trimmed.indexOf(':');
        String kindName = (colon < 0 ? trimmed : trimmed.substring(0, colon)).toLowerCase(Locale.ROOT);
        for (Kind kind : Kind.values()) {
            if (kind.configName.equals(kindName) && kind.takesArgument() == (colon >= 0)) {
                return new KeySource(kind, colon < 0 ? "" : trimmed.substring(colon + 1).trim());
            }
        }
        throw new IllegalArgumentException("unknown key source '" + text + "'; allowed: " + ALLOWED);
    }

    /** {@return the sources of a composite key, in order; a list of this source itself for any other} */
    public java.util.List<KeySource> parts() {
        return kind == Kind.COMPOSITE ? parts(argument) : java.util.List.of(this);
    }

    private static java.util.List<KeySource> parts(String text) {
        String[] split = text.split("\\+", -1);
        if (split.length != 2) {
            throw new IllegalArgumentException("key '" + text + "' joins " + split.length + " sources; a composite key"
                    + " joins exactly two, e.g. principal+ip");
        }
        java.util.List<KeySource> parts = new java.util.ArrayList<>();
        for (String part : split) {
            KeySource source = parse(part);
            if (source.kind == Kind.GLOBAL) {
                throw new IllegalArgumentException("key '" + text + "': global cannot be part of a composite key");
            }
            parts.add(source);
        }
        return java.util.List.copyOf(parts);
    }

    @Override
    public String toString() {
        if (kind == Kind.COMPOSITE) {
            return argument;
        }
        return kind.takesArgument() ? kind.configName + ":" + argument : kind.configName;
    }
}
