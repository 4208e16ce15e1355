package managed

import (
	"sort"
)

// The API server keeps at most ten update entries in managedFields. After every update (a
// create, a replace or a patch; never after an apply) it folds the oldest ones into one
// "ancient-changes" updater per API version. What it does, observed by driving
// k8s.io/apimachinery v0.37.2's field manager (structured-merge-diff v6.4.2) with 10 to 15
// updaters at chosen times and versions (scripts/conformance/ssadiff, capprobe_test.go, run
// with -v to print each case's managedFields):
//
//	fact                                      | observed
//	------------------------------------------|--------------------------------------------------
//	what counts                               | every Update entry: subresource ones and an
//	                                          | ancient-changes entry too; Apply entries never
//	when                                      | after every update, even one that changes nothing
//	                                          | (and so adds no entry); an apply over 11 updaters
//	                                          | leaves all 11
//	how many stay                             | ten updaters, the buckets counted as one each
//	in which order they are folded            | oldest first; an entry without a time before the
//	                                          | dated ones; equal times by the identifier's text
//	                                          | ({"manager":"a b",...} before {"manager":"a",...})
//	the first entry met of a version          | stays where it is, and is remembered
//	a later entry, the version has no bucket  | the remembered first becomes the bucket, and the
//	                                          | entry joins it (two entries become one)
//	a later entry, the version has a bucket   | joins the bucket; an old bucket met before the
//	                                          | version's first is left where it was and the
//	                                          | first stays under its own name
//	a later entry that is the bucket itself   | the bucket is dropped, with every field in it
//	                                          | (those fields end up owned by no one)
//	the bucket's identity                     | manager ancient-changes, operation Update, the
//	                                          | version's API version, no subresource (a status
//	                                          | updater folds into the main resource's bucket)
//	the bucket's time                         | the time of the entry that joined it last, even
//	                                          | when an old bucket had a later one; none when
//	                                          | that entry had none
//
// The fold is capTable's rows, one per entry walked, until the updaters are down to ten.

// updaterLimit is how many update entries the API server keeps apart.
const updaterLimit = 10

// ancientChanges is the manager older update entries are folded into.
const ancientChanges = "ancient-changes"

// capStep is what the fold does with one updater it reaches.
type capStep uint8

const (
	// remember: the version's first updater reached stays, and is remembered.
	remember capStep = iota
	// startBucket: the version's remembered first becomes its bucket, and the updater joins it.
	startBucket
	// joinBucket: the updater joins its version's bucket.
	joinBucket
	// dropBucket: the fold reached the bucket itself, which goes with its fields.
	dropBucket
)

// capSituation is what the fold finds when it reaches an updater, as bits indexing capTable.
type capSituation uint8

const (
	versionMet  capSituation = 1 << iota // an updater of its version was reached before
	bucketThere                          // its version's ancient-changes entry exists now
	isBucket                             // the updater is that entry
)

// capTable is the fold, row by row (see the facts above), indexed by situation. The rows left
// out cannot happen (an updater that is the bucket finds the bucket there) and read remember.
var capTable = [8]capStep{
	0:                                   remember,
	bucketThere:                         remember,
	bucketThere | isBucket:              remember,
	versionMet:                          startBucket,
	versionMet | bucketThere:            joinBucket,
	versionMet | bucketThere | isBucket: dropBucket,
}

// capUpdaters folds the oldest update entries of managers (and their times) into
// ancient-changes entries, in place, until at most updaterLimit updaters remain.
func capUpdaters(managers Managers, times Times) {
	queue := updatersOldestFirst(managers, times)
	excess := len(queue) - updaterLimit
	firsts := map[string]ID{} // API version → the first updater of it reached
	for _, id := range queue {
		if excess <= 0 {
			return
		}
		version := managers[id].APIVersion
		bucket := UpdateID(ancientChanges, version)
		var found capSituation
		first, met := firsts[version]
		if met {
			found |= versionMet
		}
		if _, there := managers[bucket]; there {
			found |= bucketThere
		}
		if id == bucket {
			found |= isBucket
		}
		switch capTable[found] {
		case remember:
			firsts[version] = id
			continue
		case startBucket:
			managers[bucket] = managers[first]
			delete(managers, first)
			fold(managers, times, id, bucket)
		case joinBucket:
			fold(managers, times, id, bucket)
		case dropBucket:
			delete(managers, bucket)
		}
		excess--
	}
}

// fold moves updater id into bucket: the bucket owns its fields too, and takes its time.
func fold(managers Managers, times Times, id, bucket ID) {
	from, into := managers[id], managers[bucket]
	managers[bucket] = VersionedSet{Set: into.Set.Union(from.Set), APIVersion: from.APIVersion}
	times[bucket] = times[id]
	delete(managers, id)
}

// updatersOldestFirst returns the identifiers of the update entries, oldest first (no time counts
// as the Unix epoch), equal times by identifier.
func updatersOldestFirst(managers Managers, times Times) []ID {
	var out []ID
	for id, vs := range managers {
		if !vs.Applied {
			out = append(out, id)
		}
	}
	sortIDs(out) // equal times by identifier
	sort.SliceStable(out, func(i, j int) bool { return seconds(times[out[i]]) < seconds(times[out[j]]) })
	return out
}
