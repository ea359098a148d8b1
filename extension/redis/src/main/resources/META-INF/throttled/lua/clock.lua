-- throttled: the first lines of every script that reads the time. The Redis server's clock decides, the
-- same for every app node; only tests send their own.
--
-- ARGV[2]  now in µs, sent by tests only; '' = the server clock
local now
if ARGV[2] == '' then
  local t = redis.call('TIME')
  now = t[1] * 1000000 + t[2]
else
  now = tonumber(ARGV[2])
end
