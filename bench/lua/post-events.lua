-- POST /v1/sessions/<id>/events on fresh `exchange` sessions (ids in the file
-- named by the first argument, shared out between wrk threads). Each session
-- cycles select (push) -> convert (in-place update) -> close (pop), so its
-- stack stays at most two screens deep. Cycle k's calculator is screen
-- s<k+2>: screen ids come from a per-session counter.
--
-- A session has at most one request in flight: request() takes the session
-- that has waited longest, response() reads the session id at the start of
-- the document and moves that session on. A response that is not 200 or
-- names no session in flight counts as a mismatch (the benchmark is broken).
dofile(debug.getinfo(1, "S").source:sub(2):match("(.*/)") .. "report.lua")

local headers = { ["Content-Type"] = "application/json" }
local codes = { "USD", "EUR", "JPY" }

function init(args)
   sessions, waiting, in_flight = {}, {}, {}
   local ids = read_ids(args[1])
   local thread_count = tonumber(args[2]) or 1
   for i, id in ipairs(ids) do
      if (i - 1) % thread_count == thread_index then
         local session = { id = id, path = "/v1/sessions/" .. id .. "/events", step = 0, cycle = 0 }
         sessions[id] = session
         waiting[#waiting + 1] = session
      end
   end
   first, last = 1, #waiting
   mismatches = 0
end

local function body(session)
   if session.step == 0 then
      return '{"screen":"s1","event":"select","payload":{"code":"' ..
         codes[session.cycle % #codes + 1] .. '"}}'
   end
   local screen = "s" .. (session.cycle + 2)
   if session.step == 1 then
      return '{"screen":"' .. screen .. '","event":"convert","payload":{"amount":100}}'
   end
   return '{"screen":"' .. screen .. '","event":"close"}'
end

function request()
   if first > last then
      -- Every session of this thread is in flight or lost to a mismatch.
      error("post-events: no session left to send to (more connections than sessions?)")
   end
   local session = waiting[first]
   waiting[first] = nil
   first = first + 1
   in_flight[session.id] = true
   return wrk.format("POST", session.path, headers, body(session))
end

function response(status, headers, body)
   local id = body:sub(8, 39)
   local session = sessions[id]
   if status ~= 200 or not in_flight[id] then
      mismatches = mismatches + 1
      if not session or not in_flight[id] then return end
   else
      session.step = (session.step + 1) % 3
      if session.step == 0 then session.cycle = session.cycle + 1 end
   end
   in_flight[id] = nil
   last = last + 1
   waiting[last] = session
end
