package io.throttled.sample;

import io.throttled.key.CallContext;
import io.throttled.key.KeyResolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;

/**
 * Keys the login policy by the account being tried ({@code ?user=}): a brute force on one account drains
 * that account's bucket, whoever sends it and from wherever.
 */
@ApplicationScoped
@Named("login-account")
public class LoginAccountKey implements KeyResolver {
    @Override
    public String resolve(CallContext call) {
        // from the call context, not the servlet request: so the admin API's explain can tell this key too
        return call.queryParameter("user").filter(u -> !u.isBlank()).map(u -> "acct:" + u.strip()).orElse(null);
    }
}
