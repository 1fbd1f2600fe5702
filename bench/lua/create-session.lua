-- POST /v1/sessions: a new `exchange` session per request.
dofile(debug.getinfo(1, "S").source:sub(2):match("(.*/)") .. "report.lua")

wrk.method = "POST"
wrk.path = "/v1/sessions"
wrk.body = '{"flow":"exchange"}'
wrk.headers["Content-Type"] = "application/json"
