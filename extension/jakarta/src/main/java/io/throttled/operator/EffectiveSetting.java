package io.throttled.operator;

import io.throttled.config.Setting;

/**
 * One effective setting of a policy or a route: its text as config writes it, where it came from, and which source
 * exactly.
 *
 * @param value  the text in force ({@code 20/1s}, {@code gcra}); empty for a field nothing sets that has no default
 * @param source where it came from: {@code default}, {@code annotation}, {@code policy} (a tier's field that follows
 *               its policy's), {@code config} or {@value #RUNTIME_OVERRIDE}
 * @param origin which config source, annotated method or policy it came from
 */
public record EffectiveSetting(String value, String source, String origin) {
    /** The {@link #source()} of a setting an operator overrides at runtime, on every node. */
    public static final String RUNTIME_OVERRIDE = "runtime override";

    /** {@return whether an operator overrides it at runtime} */
    public boolean overridden() {
        return RUNTIME_OVERRIDE.equals(source);
    }

    static EffectiveSetting of(Setting setting) {
        return new EffectiveSetting(setting.value(), setting.source().label(), setting.origin());
    }
}
