-- throttled: the tail of a penalty script (clock.lua, prelude.lua, the algorithm's file, then this file): the
-- partner behind a policy answered 429 with Retry-After, so every limit of the bucket is pushed on until then:
-- nothing passes before now + the wait, on any node, and the policy's rate resumes from there. Limits already
-- further on stay as they are; waiters' reservations made before it keep their slots. Its KEYS, ARGV and reply:
-- prelude.lua.
local n = tonumber(ARGV[#ARGV - 1])
local at = now + tonumber(ARGV[#ARGV]) * 1000
local moved = 0
for i = 1, n do
  moved = moved + penalize(i, at)
end
return moved
