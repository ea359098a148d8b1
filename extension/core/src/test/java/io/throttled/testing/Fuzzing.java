package io.throttled.testing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Consumer;
import java.util.function.Function;

/** What the fuzz tests ask of every parser of config text, whatever bytes it is given. */
public final class Fuzzing {
    private Fuzzing() {
    }

    /**
     * {@code parse} either accepts the input (as UTF-8), and then reads its result's own text back to an equal
     * value, or refuses it with an {@link IllegalArgumentException} that {@code refused} checks.
     */
    public static <T> void readsBackOrRefuses(byte[] input, Function<String, T> parse,
            Consumer<IllegalArgumentException> refused) {
        try {
            T value = parse.apply(new String(input, UTF_8));
            assertThat(parse.apply(value.toString())).as("its own text reads back").isEqualTo(value);
        } catch (IllegalArgumentException e) {
            refused.accept(e);
        }
    }
}
