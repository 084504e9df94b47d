-- wrk script (Debian package wrk): the same search mix as bench/load.ts, from a load generator light enough to leave
-- the two cores to the server. Usage: wrk -t1 -c1 -d30s -s bench/wrk-search.lua http://127.0.0.1:3000
local filters = { "", "&range=midi", "&gearbox=automatic", "&multimedia=bluetooth", "&sort=price-desc", "&page=2", "&deposit=500" }
local places = {}
for i = 0, 39 do places[#places + 1] = "bench-place-" .. (1 + i * 37) end
places[#places + 1] = "tunis"; places[#places + 1] = "paris"
local counter = 0
local today = os.time()
request = function()
  counter = counter + 1
  local day = 1 + (counter % 90)
  local from = os.date("!%Y-%m-%dT10:00", today + day * 86400)
  local to = os.date("!%Y-%m-%dT10:00", today + (day + 3) * 86400)
  local path = "/search?pickup=" .. places[(counter % #places) + 1] .. "&from=" .. from .. "&to=" .. to .. filters[(counter % #filters) + 1]
  return wrk.format("GET", path, { ["Accept-Encoding"] = "gzip" })
end
done = function(summary, latency, requests)
  io.write(string.format("p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, non-2xx %d\n", latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, summary.errors.status))
end
