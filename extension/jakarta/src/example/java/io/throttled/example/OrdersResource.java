package io.throttled.example;

/*
 * The README's quick start, compiled here so that it cannot stop compiling (a test source of extension/jakarta, and
 * deployed as it is on every server by extension-it's QuickStartTest); QuickStartExampleTest checks that the
 * README shows exactly the text between the markers, and that its annotation makes a valid policy.
 */
// README: quick-start (begin)
import io.throttled.Throttled;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path("orders")
public class OrdersResource {

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Throttled(value = "orders", rate = "10/1s", key = "principal-or-ip")   // 10 a second per user or address
    public String list() {
        return "[]";
    }
}
// README: quick-start (end)
