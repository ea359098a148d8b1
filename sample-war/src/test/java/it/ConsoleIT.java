package it;

import static org.assertj.core.api.Assertions.assertThat;

import it.SampleServerExtension.SampleServer;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The operator console in headless Chromium: sign in, change policies, routes and tiers, see them take effect. */
@ExtendWith({BrowserInstalled.class, SampleServerExtension.class, SampleServerExtension.ResetAroundEachTest.class})
class ConsoleIT {
    /** ping, greeting, report and login by annotation; api-per-ip, a route from config. */
    private static final int POLICIES = 7;   // ping, greeting, report, login, partner, hot and the route api-per-ip

    @Test
    void anOperatorChangesAPolicyAndItTakesEffect(SampleServer sample, @TempDir Path profile) throws Exception {
        try (Browser browser = Browser.start(profile)) {
            WebDriver page = browser.open(sample.url("/throttled-console/"));
            page.findElement(By.id("user")).sendKeys("user");
            page.findElement(By.id("password")).sendKeys(SampleServer.USER_PASSWORD);
            page.findElement(By.id("sign-in")).click();
            WebDriverWait wait = waitFor(page);
            wait.until(b -> b.findElement(By.id("login-error")).getText().contains("not in the throttled-admin role"));

            page.findElement(By.id("user")).clear();
            page.findElement(By.id("password")).clear();
            signIn(page, wait);

            page.findElement(By.cssSelector("#policies tr[data-policy='greeting'] button.edit")).click();
            WebElement rate = page.findElement(By.cssSelector("#edit-form input[name='rate']"));
            assertThat(rate.getAttribute("placeholder")).isEqualTo("5/10s");
            rate.sendKeys("2/1m");
            page.findElement(By.id("save")).click();
            wait.until(b -> b.findElement(By.id("edit-result")).getText().startsWith("Saved: 2/1m"));
            wait.until(b -> b.findElement(By.cssSelector("#policies tr[data-policy='greeting'] .rate")).getText().equals("2/1m"));
            assertThat(page.findElement(By.cssSelector("#policies tr[data-policy='greeting']")).getText())
                    .contains("rate: runtime override");

            // it takes effect: two greetings per minute now
            assertThat(Http.get(sample.url("/api/demo/greeting")).statusCode()).isEqualTo(200);
            assertThat(Http.get(sample.url("/api/demo/greeting")).statusCode()).isEqualTo(200);
            assertThat(Http.get(sample.url("/api/demo/greeting")).statusCode()).isEqualTo(429);

            // the live counts and the bucket as the console shows them
            wait.until(b -> b.findElements(By.cssSelector("#counts tr[data-policy='greeting'] td.denied")).stream()
                    .anyMatch(e -> Integer.parseInt(e.getText()) >= 1));
            new Select(page.findElement(By.id("bucket-policy"))).selectByValue("greeting");
            page.findElement(By.id("bucket-key")).sendKeys("127.0.0.1");
            page.findElement(By.id("bucket-lookup")).click();
            wait.until(b -> b.findElement(By.id("bucket-state")).getText().contains("\"remaining\": 0"));
            Files.copy(((TakesScreenshot) page).getScreenshotAs(OutputType.FILE).toPath(),
                    Path.of(System.getProperty("test.output.dir", "target"), "console.png"), StandardCopyOption.REPLACE_EXISTING);

            page.findElement(By.id("bucket-reset")).click();
            wait.until(b -> b.findElement(By.id("bucket-state")).getText().startsWith("Reset ip:127.0.0.1"));
            assertThat(Http.get(sample.url("/api/demo/greeting")).statusCode()).isEqualTo(200);

            page.findElement(By.id("drop")).click();
            wait.until(b -> b.findElement(By.id("edit-result")).getText().startsWith("Override of greeting dropped: 5/10s"));
        }
    }

    @Test
    void anOperatorAddsARouteSeesItLimitAndRemovesIt(SampleServer sample, @TempDir Path profile) {
        try (Browser browser = Browser.start(profile)) {
            WebDriver page = browser.driver();
            WebDriverWait wait = openSignedIn(page, sample);
            WebElement configRoute = page.findElement(By.cssSelector("#routes tr[data-route='api-per-ip']"));
            assertThat(configRoute.findElement(By.cssSelector(".path")).getText()).isEqualTo("/api/**");
            assertThat(configRoute.findElement(By.cssSelector(".source")).getText()).isEqualTo("config");

            page.findElement(By.id("add-route")).click();
            fill(page, "route-form", "name", "free-burst");
            fill(page, "route-form", "path", "/static/**");
            fill(page, "route-form", "rate", "lots");
            page.findElement(By.id("save-route")).click();
            // both bad fields named beside the form, and marked in it; nothing stored
            wait.until(b -> b.findElement(By.id("route-result")).getText().contains("HTTP 400"));
            assertThat(page.findElement(By.id("route-result")).getText()).contains("path '/static/**'", "rate 'lots'");
            assertThat(page.findElement(By.cssSelector("#route-form input[name='rate']")).getAttribute("class")).contains("invalid");
            assertThat(page.findElements(By.cssSelector("#routes tr[data-route='free-burst']"))).isEmpty();

            fill(page, "route-form", "path", "/api/demo/free");
            fill(page, "route-form", "methods", "GET");
            fill(page, "route-form", "rate", "3/1m");
            fill(page, "route-form", "key", "ip");
            page.findElement(By.id("save-route")).click();
            wait.until(b -> b.findElement(By.id("route-result")).getText().startsWith("Route free-burst saved: /api/demo/free at 3/1m"));
            WebElement added = wait.until(b -> b.findElement(By.cssSelector("#routes tr[data-route='free-burst']")));
            assertThat(added.getText()).contains("/api/demo/free", "GET", "3/1m", "ip", "runtime");

            assertThat(admitted(sample, "/api/demo/free", 5)).isEqualTo(3);

            page.findElement(By.cssSelector("#routes tr[data-route='free-burst'] button.remove")).click();
            assertThat(wait.until(ExpectedConditions.alertIsPresent()).getText()).contains("Nothing in config defines it");
            page.switchTo().alert().accept();
            wait.until(b -> b.findElement(By.id("routes-result")).getText().equals("Route free-burst removed on every node."));
            wait.until(b -> b.findElements(By.cssSelector("#routes tr[data-route='free-burst']")).isEmpty());
            assertThat(Http.get(sample.url("/api/demo/free")).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void anOperatorEditsAndAddsTiersAndExplainsWhoGetsThem(SampleServer sample, @TempDir Path profile) {
        try (Browser browser = Browser.start(profile)) {
            WebDriver page = browser.driver();
            WebDriverWait wait = openSignedIn(page, sample);
            String userTier = "#policies tr.tier[data-policy='ping.tier.user']";
            assertThat(page.findElement(By.cssSelector(userTier + " .rate")).getText()).isEqualTo("2/1s;burst=5");

            page.findElement(By.cssSelector(userTier + " button.edit")).click();
            assertThat(page.findElement(By.id("call-rules")).isDisplayed()).as("a tier has no call rules").isFalse();
            fill(page, "edit-form", "rate", "1/1m");
            page.findElement(By.id("save")).click();
            wait.until(b -> b.findElement(By.cssSelector(userTier + " .rate")).getText().equals("1/1m"));
            assertThat(page.findElement(By.cssSelector(userTier)).getText()).contains("rate: runtime override");
            HttpResponse<String> first = Http.get(sample.url("/api/demo/ping"), SampleServer.USER, SampleServer.USER_PASSWORD);
            HttpResponse<String> second = Http.get(sample.url("/api/demo/ping"), SampleServer.USER, SampleServer.USER_PASSWORD);
            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(second.statusCode()).isEqualTo(429);
            assertThat(second.body()).contains("\"tier\":\"user\"");
            assertThat(Http.get(sample.url("/api/demo/ping")).statusCode()).as("anonymous callers keep ping's").isEqualTo(200);

            page.findElement(By.cssSelector(userTier + " button.drop")).click();
            wait.until(b -> b.findElement(By.cssSelector(userTier + " .rate")).getText().equals("2/1s;burst=5"));
            assertThat(page.findElement(By.id("policies-result")).getText()).isEqualTo(
                    "Override of ping.tier.user dropped: 2/1s;burst=5 holds again.");

            page.findElement(By.cssSelector("#policies tr.policy[data-policy='ping'] button.add-tier")).click();
            fill(page, "edit-form", "tier", "partner");
            fill(page, "edit-form", "rate", "7/1m");
            page.findElement(By.id("save")).click();
            wait.until(b -> b.findElement(By.id("edit-result")).getText().equals(
                    "Tier ping.tier.partner added: 7/1m is in force on every node."));
            wait.until(b -> b.findElements(By.cssSelector("#policies tr.tier[data-policy='ping.tier.partner']")).size() == 1);

            explain(page, "GET", "/api/demo/ping", "pat", "partner");
            wait.until(b -> b.findElements(By.cssSelector("#explained tr[data-policy='ping']")).size() == 1);
            WebElement ping = page.findElement(By.cssSelector("#explained tr[data-policy='ping']"));
            assertThat(ping.findElement(By.cssSelector(".tier")).getText()).isEqualTo("partner");
            assertThat(ping.findElement(By.cssSelector(".buckets")).getText()).isEqualTo("ping.tier.partner");
            assertThat(ping.findElement(By.cssSelector(".key")).getText()).isEqualTo("u:pat");
            assertThat(ping.findElement(By.cssSelector(".rate")).getText()).startsWith("7/1m");
            assertThat(page.findElement(By.cssSelector("#explained tr[data-policy='api-per-ip'] .key")).getText())
                    .isEqualTo("ip:127.0.0.1");

            page.findElement(By.cssSelector("#policies tr.tier[data-policy='ping.tier.partner'] button.drop")).click();
            wait.until(b -> b.findElement(By.id("policies-result")).getText().startsWith("Tier ping.tier.partner removed"));
            wait.until(b -> b.findElements(By.cssSelector("#policies tr.tier[data-policy='ping.tier.partner']")).isEmpty());
        }
    }

    @Test
    void explainShowsTheLoginsKeyCountConditionAndAnExemptOperator(SampleServer sample, @TempDir Path profile) {
        try (Browser browser = Browser.start(profile)) {
            WebDriver page = browser.driver();
            WebDriverWait wait = openSignedIn(page, sample);
            fill(page, "explain-form", "params", "user=mallory");
            explain(page, "POST", "/api/demo/login", "", "");
            wait.until(b -> b.findElements(By.cssSelector("#explained tr[data-policy='login']")).size() == 1);
            WebElement login = page.findElement(By.cssSelector("#explained tr[data-policy='login']"));
            assertThat(login.getText()).contains("acct:mallory", "status:401");
            assertThat(page.findElement(By.id("explain-summary")).getText()).contains("io.throttled.sample.DemoResource#login");

            explain(page, "POST", "/api/demo/login", "operator", "throttled-admin");
            wait.until(b -> b.findElement(By.cssSelector("#explained tr[data-policy='login'] .decided")).getText()
                    .equals("no: exempt by role:throttled-admin"));

            fill(page, "explain-form", "path", "api/demo/ping");
            page.findElement(By.id("explain")).click();
            wait.until(b -> b.findElement(By.id("explain-result")).getText().contains("must be the request path"));
            assertThat(page.findElement(By.id("explain-table")).isDisplayed()).isFalse();
        }
    }

    /** While Redis is down the console says so at the top, with since when and why; the causes are counted below. */
    @Test
    void whileRedisDoesNotDecideABannerSaysSinceWhenAndWhy(SampleServer sample, @TempDir Path profile) {
        try (Browser browser = Browser.start(profile)) {
            WebDriver page = browser.driver();
            WebDriverWait wait = openSignedIn(page, sample);
            wait.until(b -> b.findElement(By.id("fallback-causes")).isDisplayed());
            assertThat(page.findElement(By.id("redis-banner")).isDisplayed()).isFalse();

            sample.redis().kill();
            try {
                Http.get(sample.url("/api/demo/ping"));   // decided by the failure mode
                WebElement banner = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("redis-banner")));
                assertThat(banner.getText()).matches("Redis not deciding since \\d\\d:\\d\\d:\\d\\d "
                        + "\\((timeout|connection|breaker open)\\) — \\d+ calls decided locally, \\d+ open, \\d+ closed.*");
                wait.until(b -> Long.parseLong(b.findElement(By.id("cause-timeout")).getText())
                        + Long.parseLong(b.findElement(By.id("cause-connection")).getText())
                        + Long.parseLong(b.findElement(By.id("cause-breaker_open")).getText()) >= 1);
            } finally {
                sample.redis().restart();
            }
            // the next call Redis answers ends the episode, and the banner goes
            wait.until(b -> {
                Http.get(sample.url("/api/demo/ping"));
                return !b.findElement(By.id("redis-banner")).isDisplayed();
            });
            assertThat(page.findElement(By.id("fallback-history")).getText()).startsWith("Last episode: ");
        }
    }

    /** Waits that look again when the console redrew a table under them (it rebuilds rows on each load). */
    private static WebDriverWait waitFor(WebDriver page) {
        WebDriverWait wait = new WebDriverWait(page, Duration.ofSeconds(15));
        wait.ignoring(StaleElementReferenceException.class);
        return wait;
    }

    /** The console, signed in as the operator (see {@link #signIn}); returns the waits for the test to use. */
    private static WebDriverWait openSignedIn(WebDriver page, SampleServer sample) {
        page.get(sample.url("/throttled-console/"));
        WebDriverWait wait = waitFor(page);
        signIn(page, wait);
        return wait;
    }

    private static void signIn(WebDriver page, WebDriverWait wait) {
        page.findElement(By.id("user")).sendKeys(SampleServer.OPERATOR);
        page.findElement(By.id("password")).sendKeys(SampleServer.OPERATOR_PASSWORD);
        page.findElement(By.id("sign-in")).click();
        try {
            wait.until(b -> b.findElements(By.cssSelector("#policies tr.policy")).size() == POLICIES
                    && !b.findElements(By.cssSelector("#routes tr")).isEmpty());
        } catch (RuntimeException e) {
            throw new AssertionError("policies and routes did not show: " + page.getPageSource(), e);
        }
    }

    private static void explain(WebDriver page, String method, String path, String user, String roles) {
        new Select(page.findElement(By.cssSelector("#explain-form select[name='method']"))).selectByVisibleText(method);
        fill(page, "explain-form", "path", path);
        fill(page, "explain-form", "user", user);
        fill(page, "explain-form", "roles", roles);
        page.findElement(By.id("explain")).click();
    }

    private static void fill(WebDriver page, String form, String field, String value) {
        WebElement input = page.findElement(By.cssSelector("#" + form + " [name='" + field + "']"));
        input.clear();
        input.sendKeys(value);
    }

    private static int admitted(SampleServer sample, String path, int tries) {
        int admitted = 0;
        for (int i = 0; i < tries; i++) {
            admitted += Http.get(sample.url(path)).statusCode() == 200 ? 1 : 0;
        }
        return admitted;
    }
}
