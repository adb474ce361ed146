/// `emr sync`: the cache and the server.
struct SyncOptions: ParsableOptions, Equatable {
    var cache = CacheOptions()
    var server = ServerArguments()

    static var groups: [OptionGroup<Self>] {
        CacheOptions.groups.map { $0.nested(in: \.cache) } + ServerArguments.groups.map { $0.nested(in: \.server) }
    }
}
