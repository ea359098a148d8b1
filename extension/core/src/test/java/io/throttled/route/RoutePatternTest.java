package io.throttled.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RoutePatternTest {

    @ParameterizedTest(name = "{0} matches {1}: {2}")
    @CsvSource(delimiter = '|', value = {
        // literal segments, case-sensitive
        "/api/orders              | /api/orders           | true",
        "/api/orders              | /api/Orders           | false",
        "/api/orders              | /api/orders/1         | false",
        "/api/orders              | /api                  | false",
        "/                        | /                     | true",
        "/                        | /api                  | false",
        // {name}: one non-empty segment
        "/api/orders/{id}         | /api/orders/17        | true",
        "/api/orders/{id}         | /api/orders           | false",
        "/api/orders/{id}         | /api/orders/17/lines  | false",
        "/api/orders/{id}/lines   | /api/orders/17/lines  | true",
        "/api/v{version}/items    | /api/v2/items         | true",
        "/api/v{version}/items    | /api/v/items          | false",
        "/api/{a}{b}              | /api/x                | false",
        "/api/{a}{b}              | /api/xy               | true",
        "/api/{id}.json           | /api/7.json           | true",
        "/api/{id}.json           | /api/.json            | false",
        // {name: regex}, within and across segments
        "'/api/orders/{id: \\d+}' | /api/orders/17        | true",
        "'/api/orders/{id: \\d+}' | /api/orders/x17       | false",
        "'/api/orders/{id:\\d+}'  | /api/orders/17        | true",
        "'/api/{code: \\d{3}}'    | /api/404              | true",
        "'/api/{code: \\d{3}}'    | /api/4040             | false",
        "'/files/{path: .*}'      | /files/a/b/c.txt      | true",
        "'/files/{path: .*}'      | /files/a              | true",
        "'/files/{path: .*}'      | /files                | false",
        "'/{path: .*}'            | /                     | true",
        "'/files/{p: .+}/meta'    | /files/a/b/meta       | true",
        "'/files/{p: .+}/meta'    | /files/meta           | false",
        "'/api/{v: v[12]}/{id}'   | /api/v2/9             | true",
        "'/api/{v: v[12]}/{id}'   | /api/v3/9             | false",
        "'/api/{v: v[12]}/{id}'   | /api/v2/9/x           | false",
        "'/a/**/{id: \\d+}'       | /a/x/y/12             | true",
        "'/a/**/{id: \\d+}'       | /a/12                 | true",
        "'/a/**/{id: \\d+}'       | /a/x                  | false",
        // * within one segment
        "/api/*.json              | /api/orders.json      | true",
        "/api/*.json              | /api/.json            | true",
        "/api/*.json              | /api/orders.xml       | false",
        "/api/*.json              | /api/a/b.json         | false",
        "/api/*/items             | /api/7/items          | true",
        "/api/*/items             | /api/items            | false",
        "/api/*                   | /api                  | false",
        "/api/*                   | /api/x                | true",
        "/*                       | /                     | false",
        "/a*b*c                   | /aXbYbZc              | true",
        "/a*b*c                   | /aXbYbZ               | false",
        // ** as whole segments
        "/api/**                  | /api                  | true",
        "/api/**                  | /api/                 | true",
        "/api/**                  | /api/a/b              | true",
        "/api/**                  | /apix                 | false",
        "/api/**                  | /                     | false",
        "/**                      | /                     | true",
        "/**                      | /anything/at/all      | true",
        "/api/**/export           | /api/export           | true",
        "/api/**/export           | /api/v1/orders/export | true",
        "/api/**/export           | /api/v1/export/x      | false",
        "/**/*.css                | /a/b/site.css         | true",
        "/**/*.css                | /site.css             | true",
        "/**/*.css                | /a/site.css/x         | false",
        "/a/**/b/**/c             | /a/b/c                | true",
        "/a/**/b/**/c             | /a/x/b/y/z/c          | true",
        "/a/**/b/**/c             | /a/x/y/c              | false",
        "/a/**/**/b               | /a/b                  | true",
        "/**/x/*                  | /x/x/x                | true",
    })
    void matchesEveryForm(String pattern, String path, boolean expected) {
        assertThat(RoutePattern.parse(pattern).matches(path)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{1} is {0}")
    @CsvSource(delimiter = '|', value = {
        "/api/orders/{id} | /api/orders/1/",
        "/api/orders/{id} | /api//orders///1",
        "/api/orders/{id} | //api/orders/1//",
        "/api/orders/{id} | api/orders/1",
        "/api/orders/{id} | /api/./orders/1",
        "/api/orders/{id} | /api/orders/1/.",
        "/api/orders/{id} | /api/x/../orders/1",
        "/                | ''",
        "/                | //",
        "/                | /..",
        "/                | /../..",
        "/admin/**        | /../admin",
        "/admin/**        | /api/../admin/users",
        "/admin/**        | /api/../../admin",
        "/admin/**        | /admin;jsessionid=1/users",
        "/admin/**        | /api/..;x=1/admin/users",
        "/admin/**        | /;x/admin",
    })
    void normalisesThePathFirst(String pattern, String path) {
        assertThat(RoutePattern.parse(pattern).matches(path)).isTrue();
    }

    @Test
    void aPathWithDotSegmentsAlsoMatchesAsGiven() {
        // whatever the server dispatches /api/../admin as, a route on either reading applies
        assertThat(RoutePattern.parse("/api/**").matches("/api/../admin")).isTrue();
        assertThat(RoutePattern.parse("/admin/**").matches("/api/../admin")).isTrue();
        assertThat(RoutePattern.parse("/api/{x}/admin").matches("/api/../admin")).isTrue();
        assertThat(RoutePattern.parse("/api/**").matches("/api/../../admin")).isTrue();
        assertThat(RoutePattern.parse("/other/**").matches("/api/../admin")).isFalse();
    }

    @Test
    void pathsAreAlreadyDecodedSoDecodedCharactersAreOrdinary() {
        assertThat(RoutePattern.parse("/files/my report.pdf").matches("/files/my report.pdf")).isTrue();
        assertThat(RoutePattern.parse("/users/{name}").matches("/users/zoë")).isTrue();
        assertThat(RoutePattern.parse("/users/{name}").matches("/users/50%")).isTrue();
        // a decoded %2F is a separator like any other '/'
        assertThat(RoutePattern.parse("/users/{name}").matches("/users/a/b")).isFalse();
    }

    @Test
    void thePatternIsNormalisedLikeAPath() {
        RoutePattern pattern = RoutePattern.parse("  /api//orders/{id}/ ");

        assertThat(pattern.text()).isEqualTo("/api//orders/{id}/");
        assertThat(pattern.matches("/api/orders/1")).isTrue();
        assertThat(pattern).isEqualTo(RoutePattern.parse("/api//orders/{id}/")).hasToString("/api//orders/{id}/");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "''                  | it is empty",
        "'   '               | it is empty",
        "api/orders          | it must start with '/'",
        "/api/{id            | the '{' at index 5 is never closed",
        "/api/{id: \\d{3}    | the '{' at index 5 is never closed",
        "/api/id}            | the '}' at index 7 closes no '{'",
        "/api/{}             | the template '{}' has no name",
        "'/api/{ : \\d+}'    | the template '{ : \\d+}' has no name",
        "/api/{my id}        | the template name 'my id' in '{my id}' must be letters, digits or '_', then also '.' or '-'",
        "/api/{id:}          | the template '{id:}' has an empty regex",
        "'/api/{id: [0-9}'   | the regex in '{id: [0-9}' is invalid: missing closing ]",
        "/api/a**            | '**' must be a whole segment, not part of 'a**'",
        "/api/***            | '**' must be a whole segment, not part of '***'",
        "/api/**.json        | '**' must be a whole segment, not part of '**.json'",
        "/api/../admin       | '..' segments are not allowed",
        "/api/./x            | '.' segments are not allowed",
        "/api/orders?id=1    | '?' is not allowed",
        "/api/orders#top     | '#' is not allowed",
        "'/a/{x: (?<g>a)}/{y: (?<g>b)}' | its templates' regexes do not combine",
    })
    void rejectsBadPatternsNamingThePatternTheProblemAndTheAllowedForms(String pattern, String reason) {
        assertThatThrownBy(() -> RoutePattern.parse(pattern))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'" + pattern + "' is not a route pattern: " + reason)
                .hasMessageContaining("allowed forms: /api/orders, /api/orders/{id}, /api/orders/{id: \\d+},"
                        + " /api/*.json, /api/*/items, /api/**, /**");
    }

    @Test
    void rejectsNull() {
        assertThatThrownBy(() -> RoutePattern.parse(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'null' is not a route pattern: it is empty");
    }

    @ParameterizedTest(name = "{0} under {1}: {2}")
    @CsvSource(delimiter = '|', value = {
        "/api/orders/{id}        | /api     | true",
        "/api/orders/{id}        | /api/    | true",
        "/api/orders/{id}        | /api/*   | true",
        "/api/orders/{id}        | api      | true",
        "/api/orders/{id}        | /        | true",
        "/api/orders/{id}        | ''       | true",
        "/static/**              | /api     | false",
        "/static/**              | /        | true",
        "/api                    | /api     | true",
        "/                       | /api     | false",
        "/api/orders             | /api/v2  | false",
        "/**                     | /api     | true",
        "/**/health              | /api     | true",
        "/*/health               | /api     | true",
        "/a*/health              | /api     | true",
        "/b*/health              | /api     | false",
        "/{x}/health             | /api     | true",
        "/api/**                 | /api/v1  | true",
        "/api/*.json             | /api/v1  | false",
        "/api/{id}               | /api/v1  | true",
        "/api/{id}/**            | /api/v1/orders | true",
        "/api/{id}               | /api/v1/orders | false",
        "'/{p: static/.*}'       | /api     | true",
        "'/x/{p: .*}'            | /api     | false",
        "/API/orders             | /api     | false",
    })
    void tellsWhetherAPatternCanMatchUnderAPrefix(String pattern, String prefix, boolean expected) {
        assertThat(RoutePattern.parse(pattern).canMatchUnder(prefix)).isEqualTo(expected);
    }

    /** Operators set route regexes at runtime: none can make a request's match take more than linear time. */
    @Test
    @org.junit.jupiter.api.Timeout(30)   // a backtracking engine takes years on this path; RE2 takes microseconds
    void aCatastrophicRegexMatchesInLinearTime() {
        RoutePattern evil = RoutePattern.parse("/api/{x: (a+)+b}");
        String path = "/api/" + "a".repeat(50_000) + "c";

        assertThat(evil.matches(path)).isFalse();
        assertThat(evil.matches("/api/aaab")).isTrue();
    }

    @Test
    void backreferencesAndLookaroundAreRefusedByName() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RoutePattern.parse("/api/{x: (a)\\1}"))
                .hasMessageContaining("the regex in '{x: (a)\\1}' is invalid");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RoutePattern.parse("/api/{x: (?!admin)[a-z]+}"))
                .hasMessageContaining("is invalid");
    }
}
