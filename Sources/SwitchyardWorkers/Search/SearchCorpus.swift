import ComposableArchitecture

/// The records the `search` worker indexes: a shop's catalogue of a few thousand products, the same
/// on every machine and every run.
///
/// The corpus is generated from the word lists below rather than read from a bundled resource:
/// SwiftPM's `Bundle.module` resolves to a directory beside the build products and stops the process
/// when the binary is copied elsewhere, whereas word lists compiled in travel with the `switchyard`
/// binary. A fixed seed and plain modular picks (not `random(in:)`, whose algorithm the standard
/// library does not promise to keep) make every record the same everywhere.
public enum SearchCorpus {
  /// How many records ``records`` holds.
  public static let count = 4_000

  /// Every record, ids from 1.
  public static func records() -> [SearchRecord] {
    var generator = SeededRandomNumberGenerator(seed: 0x5357_4954_4348)
    func pick(_ words: [String]) -> String {
      words[Int(generator.next() % UInt64(words.count))]
    }
    return (1...count).map { id in
      SearchRecord(id: id, title: "\(pick(qualities)) \(pick(materials)) \(pick(products)) for \(pick(uses))")
    }
  }

  private static let qualities = [
    "Ancient", "Bright", "Compact", "Durable", "Elegant", "Folding", "Gentle", "Heavy", "Insulated",
    "Jagged", "Keen", "Light", "Modular", "Nimble", "Oversized", "Portable", "Quiet", "Rugged", "Sturdy",
    "Tall", "Usable", "Vintage", "Waterproof", "Young", "Zippered", "Classic", "Polished", "Weathered",
    "Handmade", "Reversible", "Stackable", "Swift", "Tiny", "Velvet", "Warm", "Cool",
  ]

  private static let materials = [
    "Aluminium", "Bamboo", "Brass", "Canvas", "Cedar", "Ceramic", "Copper", "Cork", "Cotton", "Denim",
    "Felt", "Glass", "Granite", "Hemp", "Iron", "Leather", "Linen", "Maple", "Marble", "Oak", "Pewter",
    "Rattan", "Silk", "Slate", "Steel", "Stone", "Teak", "Tin", "Walnut", "Wool",
  ]

  private static let products = [
    "Backpack", "Basket", "Bench", "Blanket", "Bottle", "Bowl", "Box", "Bucket", "Candle", "Chair",
    "Clock", "Compass", "Cup", "Desk", "Drawer", "Easel", "Fan", "Flask", "Frame", "Hammock", "Hook",
    "Jar", "Journal", "Kettle", "Knife", "Ladder", "Lamp", "Lantern", "Mirror", "Mug", "Notebook",
    "Pan", "Pillow", "Planter", "Pot", "Rack", "Rug", "Satchel", "Scarf", "Shelf", "Stool", "Table",
    "Teapot", "Tent", "Tray", "Trunk", "Umbrella", "Vase", "Wallet", "Whistle",
  ]

  private static let uses = [
    "Bakers", "Campers", "Climbers", "Cyclists", "Divers", "Fishers", "Gardeners", "Hikers", "Kitchens",
    "Libraries", "Musicians", "Offices", "Painters", "Readers", "Runners", "Sailors", "Students",
    "Studios", "Travellers", "Workshops",
  ]
}
