package io.throttled.sample;

import io.throttled.key.CallContext;
import io.throttled.key.KeyResolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;

/**
 * Keys the login policy by the account being tried ({@code ?user=}): a brute force on one account drains
 * that account's bucket, whoever sends it and from wherever.
 */
@ApplicationScoped
@Named("login-account")
public class LoginAccountKey implements KeyResolver {
    @Inject
    HttpServletRequest request;

    @Override
    public String resolve(CallContext call) {
        String user = request.getParameter("user");
        return user == null || user.isBlank() ? null : "acct:" + user.strip();
    }
}
