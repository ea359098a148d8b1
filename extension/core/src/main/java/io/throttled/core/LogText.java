package io.throttled.core;

/**
 * Text from outside (a header, a key, a value read from Redis) made safe for one log line: CR, LF and other control
 * characters become {@code \r}, {@code \n} or {@code \}{@code uXXXX}, so no caller can forge a log line, and long text
 * is cut.
 */
public final class LogText {
    static final int MAX_CHARS = 200;

    private LogText() {
    }

    /**
     * @param text any text, or null
     * @return the text with control characters escaped, at most {@value #MAX_CHARS} characters of it and a mark
     *         when cut; {@code null} as {@code "null"}
     */
    public static String of(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder safe = new StringBuilder(Math.min(text.length(), MAX_CHARS) + 16);
        int end = Math.min(text.length(), MAX_CHARS);
        for (int i = 0; i < end; i++) {
            char c = text.charAt(i);
            if (c == '\r') {
                safe.append("\\r");
            } else if (c == '\n') {
                safe.append("\\n");
            } else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                safe.append(String.format("\\u%04x", (int) c));
            } else {
                safe.append(c);
            }
        }
        if (text.length() > MAX_CHARS) {
            safe.append("...(").append(text.length()).append(" chars)");
        }
        return safe.toString();
    }
}
