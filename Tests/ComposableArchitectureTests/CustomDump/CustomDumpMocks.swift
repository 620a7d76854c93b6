// The values swift-custom-dump's own tests dump and diff (its Tests/CustomDumpTests/Mocks.swift),
// so the expectations in CustomDumpTests and DiffTests are its expectations. `Nested` is
// `NestedEnum` here: the Recursion example has a `Nested`.

struct User: Equatable {
  var id: Int
  var name: String
}

struct Pair: Equatable {
  let driver: User
  let passenger: User
}

struct Email: Equatable {
  let subject: String
  let body: String
}

enum Enum: Equatable {
  case foo
  case bar(Int)
  case baz(fizz: Double, buzz: String)
  case fizz(Double, buzz: String)
  case fu(bar: Int)
  case buzz
}

enum NestedEnum: Equatable {
  case nest(Enum)
  case largerNest(Int, Enum)
}

struct FriendlyUser: Equatable {
  var id: Int
  var name: String
  var friends: [FriendlyUser]
}

struct NestedDictionary {
  let content: [String: Int]
}
