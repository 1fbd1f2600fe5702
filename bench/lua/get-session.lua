-- GET /v1/sessions/<id>, cycling through the ids in the file named by the
-- first argument (each wrk thread starts at a different place).
dofile(debug.getinfo(1, "S").source:sub(2):match("(.*/)") .. "report.lua")

function init(args)
   local ids = read_ids(args[1])
   requests = {}
   for i, id in ipairs(ids) do
      requests[i] = wrk.format("GET", "/v1/sessions/" .. id)
   end
   position = (thread_index * 7919) % #requests
end

function request()
   position = position % #requests + 1
   return requests[position]
end
