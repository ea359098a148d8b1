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

    /**
     * A config key's value from the first source other than the runtime overrides: what config says.
     *
     * @return the value and its source's name, or null when no other source has it
     */
    public static String[] outsideOverrides(org.eclipse.microprofile.config.Config config, String key) {
        for (org.eclipse.microprofile.config.spi.ConfigSource source : config.getConfigSources()) {
            if (!OVERRIDES_SOURCE_NAME.equals(source.getName()) && source.getValue(key) != null) {
                return new String[] {source.getValue(key), source.getName()};
            }
        }
        return null;
    }

    static FieldSource ofConfigSource(String sourceName) {
        return OVERRIDES_SOURCE_NAME.equals(sourceName) ? OVERRIDE : CONFIG;
    }
}
