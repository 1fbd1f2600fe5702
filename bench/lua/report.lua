-- Shared by the benchmark scripts (loaded with dofile): numbers each wrk
-- thread, and prints one machine-readable line at the end for bench/run.py.
local threads = {}

function setup(thread)
   thread:set("thread_index", #threads)
   table.insert(threads, thread)
end

-- The ids (one per line) of the file named by the script's first argument.
function read_ids(path)
   local ids = {}
   for line in io.lines(path) do
      if #line > 0 then ids[#ids + 1] = line end
   end
   assert(#ids > 0, "no session ids in " .. path)
   return ids
end

function done(summary, latency, requests)
   local mismatches = 0
   for _, thread in ipairs(threads) do
      mismatches = mismatches + (thread:get("mismatches") or 0)
   end
   local e = summary.errors
   io.write(string.format(
      'BENCH {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,' ..
      '"status_errors":%d,"socket_errors":%d,"mismatches":%d}\n',
      summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
      e.status, e.connect + e.read + e.write + e.timeout, mismatches))
end
