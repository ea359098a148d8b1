-- throttled: the tail of every decision script, and decide() in group and batch scripts (the protocol, KEYS, ARGV
-- and reply: prelude.lua). check(i) judged limit i and remembered what commit(i) would write. The request takes
-- from all limits or from none, so nothing is written unless all pass; deciding_limit names the limit that decided.
local allowed, remaining, retry, reset, index = deciding_limit(check, #KEYS)
if allowed == 1 and cost > 0 then
  for i = 1, #KEYS do
    commit(i)
  end
end
return {allowed, remaining, retry, reset, index}
