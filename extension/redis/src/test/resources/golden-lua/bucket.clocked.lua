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
-- throttled: one client's keys under a policy, every limit at once: report how long they live, or remove
-- them. LuaScript puts clock.lua (which sets now) in front of this file.
--
-- KEYS[i]      key (or key stem) of limit i
-- ARGV[1]      'ttl' or 'reset'
-- ARGV[2]      now in µs, sent by tests only; '' = the server clock
-- ARGV[2+i]    window µs when limit i keeps one key per window (fixed-window, sliding-window-counter),
--              else 0
-- Returns for 'ttl' the longest PTTL in ms (-2: no key), for 'reset' the number of keys removed.
local mode = ARGV[1]

local result = mode == 'ttl' and -2 or 0
for i = 1, #KEYS do
  local w = tonumber(ARGV[2 + i])
  local keys = {KEYS[i]}
  if w > 0 then
    local window = math.floor(now / w)
    keys[2] = KEYS[i] .. ':' .. string.format('%d', window)
    keys[3] = KEYS[i] .. ':' .. string.format('%d', window - 1)
  end
  if mode == 'ttl' then
    for _, key in ipairs(keys) do
      result = math.max(result, redis.call('PTTL', key))
    end
  else
    result = result + redis.call('UNLINK', unpack(keys))
  end
end
return result
