package it;

import static org.assertj.core.api.Assertions.assertThat;

import it.SampleServerExtension.SampleServer;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import io.throttled.testing.redis.RequiresRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The demo page in headless Chromium: a burst clicked, the counts, the remaining tokens and the policy (or tier)
 * that decided each request, as the response headers and the 429 problem tell; signing in through the page's form,
 * as whom requests are sent and policies changed. Every page runs under its Content-Security-Policy: a refusal in
 * the browser's console fails the test ({@link Browser#close()}).
 */
@ExtendWith({BrowserInstalled.class, SampleServerExtension.class, SampleServerExtension.ResetAroundEachTest.class})
class DemoPageIT {

    @Test
    void aBurstShowsAllowedAndDeniedAndTheRemainingTokensTheHeadersGave(SampleServer sample, @TempDir Path profile)
            throws Exception {
        try (Browser chromium = Browser.start(profile)) {
            WebDriver browser = chromium.open(sample.url("/"));
            signIn(browser, SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD);
            new Select(browser.findElement(By.id("caller"))).selectByValue("");   // signed in, sending anonymously
            new Select(browser.findElement(By.id("endpoint"))).selectByValue("ping");
            WebElement size = browser.findElement(By.id("burst-size"));
            size.clear();
            size.sendKeys("15");
            long start = System.nanoTime();
            browser.findElement(By.id("send-burst")).click();

            new WebDriverWait(browser, Duration.ofSeconds(30)).until(b -> count(b, "allowed-count") + count(b, "denied-count") == 15);
            long elapsedSeconds = (System.nanoTime() - start) / 1_000_000_000L + 1;

            int allowed = count(browser, "allowed-count");
            assertThat(allowed).isBetween(10, 10 + (int) elapsedSeconds);
            assertThat(count(browser, "denied-count")).isEqualTo(15 - allowed);
            assertThat(browser.findElements(By.cssSelector("#log tr"))).hasSize(15);
            assertThat(browser.findElements(By.cssSelector("#log tr[data-status='429']"))).hasSize(15 - allowed);

            String headers = browser.findElement(By.id("last-headers")).getText();
            String remainingHeader = headers.lines().filter(l -> l.toLowerCase().startsWith("x-ratelimit-remaining:"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElseThrow();
            assertThat(browser.findElement(By.id("remaining")).getText()).isEqualTo(remainingHeader);
            assertThat(headers).startsWith("HTTP 429").contains("retry-after:");
            assertThat(browser.findElement(By.id("policy")).getText()).contains("\"ping\";q=10;w=10");
            // anonymous pings meet api-per-ip too (1000 at once): ping, with 10, is what decides them
            assertThat(column(browser, "decided")).hasSize(15).containsOnly("ping");
            assertThat(column(browser, "as")).containsOnly("anonymous");
            assertThat(browser.findElement(By.id("decided-by")).getText()).isEqualTo("ping");

            // for the README's screenshot only, nothing is asserted after it: the chart redraws once a second (a
            // timer in the page) and shows no sign a test could wait for
            Thread.sleep(1200);
            Path screenshot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
            Files.copy(screenshot, Path.of(System.getProperty("test.output.dir", "target"), "demo-page.png"),
                    StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Test
    void thePolicyFormChangesThePolicyThroughTheAdminApi(SampleServer sample, @TempDir Path profile) {
        try (Browser chromium = Browser.start(profile)) {
            WebDriver browser = chromium.open(sample.url("/"));
            assertThat(browser.findElement(By.id("change-policy")).isEnabled()).as("before an operator signs in").isFalse();
            signIn(browser, SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD);
            assertThat(browser.findElement(By.id("policy-sign-in")).isDisplayed()).isFalse();
            new Select(browser.findElement(By.id("endpoint"))).selectByValue("report");
            new Select(browser.findElement(By.cssSelector("#policy-form select[name='algorithm']"))).selectByVisibleText("gcra");
            browser.findElement(By.cssSelector("#policy-form input[name='rate']")).sendKeys("4/1m");
            browser.findElement(By.id("change-policy")).click();
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(15));
            wait.until(b -> b.findElement(By.id("policy-note")).getText().equals("Policy report is now gcra 4/1m, on every node."));

            browser.findElement(By.id("send-one")).click();
            wait.until(b -> b.findElement(By.id("policy")).getText().contains("\"report\";q=4;w=60"));

            browser.findElement(By.id("restore-policy")).click();
            wait.until(b -> b.findElement(By.id("policy-note")).getText().equals("Policy report is now fixed-window 3/15s, on every node."));
        }
    }

    @Test
    void theDecidedByColumnNamesTheCallersTierAndTheTightestPolicy(SampleServer sample, @TempDir Path profile) {
        try (Browser chromium = Browser.start(profile)) {
            WebDriver browser = chromium.open(sample.url("/"));
            new Select(browser.findElement(By.id("endpoint"))).selectByValue("ping");
            send(browser, 1);
            signIn(browser, SampleServer.USER, SampleServer.USER_PASSWORD);
            assertThat(new Select(browser.findElement(By.id("caller"))).getFirstSelectedOption().getText())
                    .as("whoever signs in is the caller").startsWith("user, signed in");
            send(browser, 1);
            assertThat(column(browser, "decided")).containsExactly("ping.tier.user", "ping");   // newest first
            assertThat(column(browser, "as")).containsExactly("user", "anonymous");

            // api-per-ip made tighter than ping: 3 per minute for each address, from full
            admin("PUT", sample.url("/api/throttled/routes/api-per-ip"), "{\"rate\":\"3/1m\"}");
            admin("DELETE", sample.url("/api/throttled/buckets/api-per-ip"), null);
            browser.findElement(By.id("sign-out")).click();
            assertThat(browser.findElement(By.id("caller")).getAttribute("value")).as("signed out: anonymous again").isEmpty();
            send(browser, 4);

            assertThat(column(browser, "decided").subList(0, 4)).containsOnly("api-per-ip");
            assertThat(column(browser, "remaining").subList(0, 4)).containsExactly("0", "0", "1", "2");
            assertThat(column(browser, "status").subList(0, 4)).containsExactly("429", "200", "200", "200");
            assertThat(column(browser, "as").subList(0, 4)).containsOnly("anonymous");
        }
    }

    @Test
    void signingInChecksThePasswordKeepsItOnlyInMemoryAndSigningOutForgetsIt(SampleServer sample, @TempDir Path profile) {
        try (Browser chromium = Browser.start(profile)) {
            WebDriver browser = chromium.open(sample.url("/"));
            browser.findElement(By.id("sign-in-user")).sendKeys(SampleServer.USER);
            browser.findElement(By.id("sign-in-password")).sendKeys("wrong");
            browser.findElement(By.id("sign-in")).click();
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(15));
            wait.until(b -> b.findElement(By.id("sign-in-error")).getText().equals("Wrong user or password."));
            assertThat(browser.findElement(By.id("signed-in")).isDisplayed()).isFalse();
            assertThat(browser.findElement(By.cssSelector("#caller option[value='signed-in']")).isEnabled()).isFalse();

            browser.findElement(By.id("sign-in-user")).clear();
            browser.findElement(By.id("sign-in-password")).clear();
            signIn(browser, SampleServer.USER, SampleServer.USER_PASSWORD);
            assertThat(browser.findElement(By.id("signed-in")).getText()).startsWith("signed in as user").doesNotContain("throttled-admin");
            assertThat(browser.findElement(By.id("sign-in-form")).isDisplayed()).isFalse();
            assertThat(browser.findElement(By.id("policy-sign-in")).isDisplayed()).as("a user is no operator").isTrue();
            assertThat(browser.findElement(By.id("change-policy")).isEnabled()).isFalse();
            // the password is neither in the page nor stored: only in demo.js' memory
            assertThat(browser.findElement(By.id("sign-in-password")).getAttribute("value")).isEmpty();
            assertThat(browser.getPageSource()).doesNotContain(SampleServer.USER_PASSWORD);
            assertThat((Long) ((JavascriptExecutor) browser).executeScript(
                    "return localStorage.length + sessionStorage.length + document.cookie.length")).isZero();

            browser.findElement(By.id("sign-out")).click();
            wait.until(b -> b.findElement(By.id("sign-in-form")).isDisplayed());
            assertThat(browser.findElement(By.id("signed-in")).isDisplayed()).isFalse();
            assertThat(browser.findElement(By.cssSelector("#caller option[value='signed-in']")).isEnabled()).isFalse();
            new Select(browser.findElement(By.id("endpoint"))).selectByValue("ping");
            send(browser, 1);
            assertThat(column(browser, "as")).containsExactly("anonymous");
            assertThat(column(browser, "decided")).containsExactly("ping");
        }
    }

    @Test
    void theContentSecurityPolicyRefusesInlineScriptAndTheRefusalIsSeen(SampleServer sample, @TempDir Path profile) {
        try (Browser chromium = Browser.start(profile)) {
            WebDriver browser = chromium.open(sample.url("/"));
            // what an injected <script> would do: the page's policy refuses it, and the console says so
            ((JavascriptExecutor) browser).executeScript("const s = document.createElement('script');"
                    + " s.textContent = 'document.title = \"injected\"'; document.body.appendChild(s);");
            assertThat(browser.getTitle()).isEqualTo("throttled demo");
            assertThat(chromium.cspViolations()).singleElement().asString().contains("inline script", "script-src 'self'");
        }
    }

    @Test
    void wrongPasswordsDrainTheAccountUntilLoginIsDenied(SampleServer sample, @TempDir Path profile) {
        try (Browser chromium = Browser.start(profile)) {
            WebDriver browser = chromium.open(sample.url("/"));
            new Select(browser.findElement(By.id("endpoint"))).selectByValue("login");
            WebElement account = browser.findElement(By.id("account"));
            account.clear();
            account.sendKeys("mallory-target");
            send(browser, 11);

            List<String> statuses = column(browser, "status");
            assertThat(statuses.subList(1, 11)).containsOnly("401");
            assertThat(statuses.get(0)).isEqualTo("429");
            assertThat(column(browser, "decided")).containsOnly("login");
            assertThat(count(browser, "denied-count")).isEqualTo(1);   // a 401 is the application's answer, not a limit

            WebElement password = browser.findElement(By.id("login-password"));
            password.clear();
            password.sendKeys("open-sesame");
            send(browser, 1);
            assertThat(column(browser, "status").get(0)).as("even the right password, while the account is locked").isEqualTo("429");
        }
    }

    @Test
    @RequiresRedis(value = "7.0", reason = "the partner policy waits for its slots (max-wait)")
    void aBurstToThePartnerLeavesEvenlySpacedAndNoneIsRefused(SampleServer sample, @TempDir Path profile) {
        try (Browser chromium = Browser.start(profile)) {
            WebDriver browser = chromium.open(sample.url("/"));
            WebElement calls = browser.findElement(By.id("partner-calls"));
            calls.clear();
            calls.sendKeys("6");
            browser.findElement(By.id("partner-burst")).click();
            new WebDriverWait(browser, Duration.ofSeconds(30)).until(b -> b.findElements(By.cssSelector("#partner-log tr"))
                    .size() == 6 && "true".equals(b.findElement(By.tagName("body")).getAttribute("data-idle")));

            List<WebElement> rows = browser.findElements(By.cssSelector("#partner-log tr"));
            assertThat(rows).allSatisfy(row -> assertThat(row.findElements(By.tagName("td")).get(1).getText()).isEqualTo("ok"));
            // the partner saw them 200 ms apart after its burst of 2: the last 800 ms after the first, not at once
            String last = rows.get(5).findElements(By.tagName("td")).get(3).getText();
            assertThat(Integer.parseInt(last.replaceAll("[^0-9]", ""))).isGreaterThanOrEqualTo(750);
            assertThat(browser.findElement(By.id("partner-summary")).getText()).contains("accepted 6, refused 0");
        }
    }

    /** Signs in through the page's form and waits until the page says who is signed in. */
    private static void signIn(WebDriver browser, String user, String password) {
        browser.findElement(By.id("sign-in-user")).sendKeys(user);
        browser.findElement(By.id("sign-in-password")).sendKeys(password);
        browser.findElement(By.id("sign-in")).click();
        new WebDriverWait(browser, Duration.ofSeconds(15)).until(b -> b.findElement(By.id("signed-in")).isDisplayed()
                && b.findElement(By.id("whoami")).getText().equals(user));
    }

    /** Clicks a burst of n (1: send one) and waits until the page has logged them all. */
    private static void send(WebDriver browser, int n) {
        int before = browser.findElements(By.cssSelector("#log tr")).size();
        WebElement size = browser.findElement(By.id("burst-size"));
        size.clear();
        size.sendKeys(Integer.toString(n));
        browser.findElement(By.id("send-burst")).click();
        new WebDriverWait(browser, Duration.ofSeconds(30)).until(b -> b.findElements(By.cssSelector("#log tr")).size() == before + n
                && "true".equals(b.findElement(By.tagName("body")).getAttribute("data-idle")));
    }

    /** One column of the request log, newest first. */
    private static List<String> column(WebDriver browser, String cell) {
        return browser.findElements(By.cssSelector("#log tr td." + cell)).stream().map(WebElement::getText).toList();
    }

    private static void admin(String method, String url, String json) {
        HttpResponse<String> r = Http.send(method, url, json, SampleServer.OPERATOR, SampleServer.OPERATOR_PASSWORD);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    }

    private static int count(WebDriver browser, String id) {
        return Integer.parseInt(browser.findElement(By.id(id)).getText().trim());
    }
}
