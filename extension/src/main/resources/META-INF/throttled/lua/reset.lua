-- throttled: forget one client's state under a policy, every limit at once.
--
-- KEYS[i]      key (or key stem) of limit i
-- ARGV[1]      now in µs, sent by tests only; '' = the server clock
-- ARGV[1+i]    window µs when limit i keeps one key per window (fixed-window,
--              sliding-window-counter), else 0
-- Returns the number of keys removed.
local now
if ARGV[1] == '' then
  local t = redis.call('TIME')
  now = t[1] * 1000000 + t[2]
else
  now = tonumber(ARGV[1])
end
local removed = 0
for i = 1, #KEYS do
  local w = tonumber(ARGV[1 + i])
  removed = removed + redis.call('UNLINK', KEYS[i])
  if w > 0 then
    local window = math.floor(now / w)
    removed = removed + redis.call('UNLINK', KEYS[i] .. ':' .. string.format('%d', window),
        KEYS[i] .. ':' .. string.format('%d', window - 1))
  end
end
return removed
