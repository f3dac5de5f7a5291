vcl 4.1;

# Varnish 7 with xkey in front of the gateway (docs/cdn.md, "Varnish"). A template: run.sh fills
# in {{GATEWAY_HOST}}, {{GATEWAY_PORT}} and {{PURGERS}} from the environment before varnishd
# compiles it.

import std;
import xkey;

backend gateway {
    .host = "{{GATEWAY_HOST}}";
    .port = "{{GATEWAY_PORT}}";
    .connect_timeout = 5s;
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 60s;
}

acl purgers {
{{PURGERS}}
}

sub vcl_recv {
    if (req.method == "PURGE") {
        # A proxy in the purgers' network (an Ingress controller) must not relay a client's
        # PURGE: it adds its own forwarding headers, before Varnish appends client.ip.
        if (client.ip !~ purgers
            || req.http.X-Forwarded-For ~ ","
            || req.http.Forwarded
            || req.http.X-Real-IP) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.xkey) {
            set req.http.n-gone = xkey.purge(req.http.xkey);
        } elsif (req.http.xkey-softpurge) {
            set req.http.n-gone = xkey.softpurge(req.http.xkey-softpurge);
        } else {
            return (synth(400, "PURGE needs an xkey or xkey-softpurge header"));
        }
        return (synth(200, "Invalidated " + req.http.n-gone + " objects"));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A session cookie (the admin panel) authenticates a caller the cache key does not name.
    if (req.http.Cookie) {
        return (pass);
    }
    # Varnish's built-in rule passes every request with Authorization; a Bearer API key is
    # hashed into the cache key instead (vcl_hash), so such reads are cached per key.
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    # Per-key caching: an answer is only ever served to the key (either header form) it was
    # fetched with, so keys whose roles see different things never share an entry.
    hash_data("x-api-key:" + req.http.x-api-key);
    hash_data("authorization:" + req.http.Authorization);
    return (lookup);
}

sub vcl_backend_response {
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Only what the gateway marks public and shared-cacheable is stored, and only a 200.
    if (beresp.status != 200
        || beresp.http.Set-Cookie
        || beresp.http.Cache-Control !~ "(^|,)\s*public\s*(,|$)"
        || beresp.http.Cache-Control ~ "(^|,)\s*(private|no-store|no-cache)\s*(,|=|$)") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # xkey indexes the object by its xkey header: the gateway's Surrogate-Key tags.
    set beresp.http.xkey = beresp.http.Surrogate-Key;
    # stale-while-revalidate is the grace: a stale answer is served while a fresh one is fetched.
    if (beresp.http.Cache-Control ~ "stale-while-revalidate=\d+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "^.*stale-while-revalidate=(\d+).*$", "\1s"), 0s);
    } else {
        set beresp.grace = 0s;
    }
    return (deliver);
}

sub vcl_deliver {
    unset resp.http.xkey;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}

sub vcl_synth {
    if (req.method == "PURGE") {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        if (req.http.n-gone) {
            set resp.http.xkey-purged = req.http.n-gone;
        }
        set resp.body = resp.reason + {"
"};
        return (deliver);
    }
}
