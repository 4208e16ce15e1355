package managed

import (
	"sort"
)

// maxUpdaters is how many update entries the API server keeps apart.
const maxUpdaters = 10

// ancientChanges is the manager older update entries are merged into.
const ancientChanges = "ancient-changes"

// capUpdaters merges the oldest update entries into one "ancient-changes" entry per API version
// until at most maxUpdaters remain, as the API server does after every update. The first entry
// of a version is only moved into the bucket when a second one of that version joins it.
func capUpdaters(managers Managers, times Times) {
	var updaters []string
	for name, vs := range managers {
		if !vs.Applied {
			updaters = append(updaters, name)
		}
	}
	if len(updaters) <= maxUpdaters {
		return
	}
	sort.Slice(updaters, func(i, j int) bool {
		si, sj := seconds(times[updaters[i]]), seconds(times[updaters[j]])
		if si != sj {
			return si < sj
		}
		return updaters[i] < updaters[j]
	})
	firstOf := map[string]string{}
	remaining := len(updaters)
	for i := 0; i < len(updaters) && remaining > maxUpdaters; i++ {
		name := updaters[i]
		vs := managers[name]
		bucket := UpdateID(ancientChanges, vs.APIVersion).String()
		first, seen := firstOf[vs.APIVersion]
		if !seen {
			firstOf[vs.APIVersion] = name
			continue
		}
		if _, ok := managers[bucket]; !ok {
			managers[bucket] = managers[first]
			delete(managers, first)
		}
		managers[bucket] = VersionedSet{Set: vs.Set.Union(managers[bucket].Set), APIVersion: vs.APIVersion, Applied: vs.Applied}
		delete(managers, name)
		remaining--
		times[bucket] = times[name]
	}
}
