package io.throttled.config;

/** Where an effective policy setting came from; later ones win. */
public enum FieldSource {
    DEFAULT("default"),
    ANNOTATION("annotation"),
    /** A tier's field that follows its policy's effective value. */
    INHERITED("policy"),
    CONFIG("config"),
    OVERRIDE("runtime override");

    /**
     * The name of the {@code ConfigSource} that holds runtime overrides (the admin API writes them). A
     * value from it is reported as an override; from any other source as config.
     */
    public static final String OVERRIDES_SOURCE_NAME = "throttled-runtime-overrides";

    private final String label;

    FieldSource(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    static FieldSource ofConfigSource(String sourceName) {
        return OVERRIDES_SOURCE_NAME.equals(sourceName) ? OVERRIDE : CONFIG;
    }
}
