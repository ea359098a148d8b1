package io.throttled.sample;

import io.throttled.Throttled;
import jakarta.enterprise.context.ApplicationScoped;

/** A CDI bean whose method is rate-limited by the policy "greeting". */
@ApplicationScoped
public class Greeter {

    @Throttled("greeting")
    public String greet(String name) {
        String who = name == null || name.isBlank() ? "world" : name.strip();
        return "Hello, " + (who.length() > 40 ? who.substring(0, 40) : who) + "!";
    }
}
