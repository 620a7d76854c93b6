/// A weak reference shared by many closures.
///
/// A closure in generic code that captures `[weak self]` allocates a box for the reference besides
/// its own context; closures that capture one shared ``WeakReference`` instead cost a retain.
final class WeakReference<Object: AnyObject> {
  weak var object: Object?

  init(_ object: Object) {
    self.object = object
  }
}
