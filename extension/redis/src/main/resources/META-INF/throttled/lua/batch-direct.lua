-- throttled: the states of a batch script whose requests share no key (see batch-state.lua, used when they do):
-- each request reads and writes Redis itself, and there is nothing to write at the end (prelude.lua, BATCH STATE).
local function flush()
end
