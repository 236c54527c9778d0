vcl 4.1;

# Varnish in front of Darkroom's delivery hosts (docs/ARCHITECTURE.md, "How it scales").
#
# Darkroom marks every delivery answer with its surrogate keys (`Surrogate-Key: s-{source id}
# p-{source id}-{path hash}`) and, with CDN_PURGE_PROVIDER=varnish and CDN_PURGE_URLS listing each
# Varnish instance, sends every purge to each of them as
#
#     BAN / HTTP/1.1
#     X-Darkroom-Ban-Key: p-{source id}-{path hash}      (or s-{source id}: a whole source)
#
# which this VCL turns into a ban of every cached object carrying that key. The ban only tests
# obj.* fields, so Varnish's ban lurker evaluates it in the background and the ban list stays
# short (Varnish's "Bans" documentation, "Ban lurker").
#
# Caching itself follows the headers Darkroom sends (Cache-Control from the source's TTL settings,
# Vary): nothing here overrides them.
#
# Use: list each Darkroom process as a backend (more than one: the `directors` vmod's
# round_robin, as Varnish's "Backend servers" documentation shows), and list the addresses of
# the Darkroom processes in `darkroom_purgers`: a BAN from anywhere else is refused.

import std;

backend darkroom {
  .host = "127.0.0.1";
  .port = "8080";
}

acl darkroom_purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "BAN") {
    if (client.ip !~ darkroom_purgers) {
      return (synth(403, "Forbidden"));
    }
    # One key of Darkroom's own form, so that the key cannot widen the ban's regular expression.
    if (req.http.X-Darkroom-Ban-Key !~ "^[A-Za-z0-9_-]{1,256}$") {
      return (synth(400, "X-Darkroom-Ban-Key must be one surrogate key"));
    }
    # Surrogate-Key lists keys separated by spaces: the key must match one of them whole. The
    # ban's argument is one word, so the space is a class rather than a literal blank.
    if (std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])" + req.http.X-Darkroom-Ban-Key +
        "($|[[:space:]])")) {
      return (synth(200, "Banned"));
    }
    return (synth(500, std.ban_error()));
  }
}

sub vcl_deliver {
  # Whether this answer came from the cache, for operators and tests (Varnish's own X-Varnish
  # carries two transaction ids on a hit, one on a miss).
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # The keys are for this cache; clients have no use for them (Fastly removes them likewise).
  unset resp.http.Surrogate-Key;
}
