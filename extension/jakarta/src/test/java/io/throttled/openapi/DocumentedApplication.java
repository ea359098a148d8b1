package io.throttled.openapi;

import io.throttled.Throttled;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Application;

/** The resources whose operations the filter's tests document, under {@code /api}. */
final class DocumentedApplication {
    private DocumentedApplication() {
    }

    @ApplicationPath("api")
    public static class Api extends Application {
    }

    @Path("demo")
    @RequestScoped
    public static class Demo {
        @GET
        @Path("ping")
        @Throttled("ping")
        public String ping() {
            return "pong";
        }

        @GET
        @Path("free")
        public String free() {
            return "free";
        }

        @GET
        @Path("shadow")
        @Throttled(value = "shadow", rate = "5/1s", enforce = false)
        public String shadow() {
            return "watched";
        }

        @GET
        @Path("/items/{id: [0-9]{1,9}}/")
        @Throttled(value = "items", rate = "5/1s")
        public String item(@PathParam("id") String id) {
            return id;
        }

        @POST
        @Path("own")
        @Throttled(value = "own", rate = "1/1s")
        public String ownResponses() {
            return "own";
        }
    }

    /** JAX-RS annotations on the interface, the policy on the class: every method of it. */
    public interface InheritedApi {
        @GET
        @Path("x")
        String get();
    }

    @Path("inherited")
    @RequestScoped
    @Throttled(value = "whole", rate = "2/1s")
    public static class Inherited implements InheritedApi {
        @Override
        public String get() {
            return "x";
        }
    }
}
