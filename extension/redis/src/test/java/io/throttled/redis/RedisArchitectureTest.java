package io.throttled.redis;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import io.throttled.testing.ArchitectureContract;
import org.junit.jupiter.api.Test;

/**
 * The Redis store sits on the plain-Java layer and under the Jakarta one: its build has no Jakarta on the class
 * path; these rules keep the packages of both layers acyclic and the plain layer free of Redis.
 */
class RedisArchitectureTest extends ArchitectureContract {

    @Test
    void onlyTheRedisStoreKnowsRedis() {
        noClasses().that().resideOutsideOfPackage("io.throttled.redis..")
                .should().dependOnClassesThat().resideInAnyPackage("io.throttled.redis..", "redis.clients..")
                .check(classes);
    }
}
