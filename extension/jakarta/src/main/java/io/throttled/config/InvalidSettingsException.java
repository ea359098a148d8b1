package io.throttled.config;

import java.util.List;

/** Global settings that cannot be used, every problem named by its config key. */
public class InvalidSettingsException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final transient List<String> problems;

    public InvalidSettingsException(List<String> problems) {
        super("invalid throttled settings: " + String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
