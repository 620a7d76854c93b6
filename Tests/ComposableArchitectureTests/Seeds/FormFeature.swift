// Ported from the seeds (003, "Form Validation").
import ComposableArchitecture

struct FormFeature: Reducer {
  struct State: Equatable {
    var email = ""
    var password = ""
    var confirmPassword = ""
    var submitted = false

    var emailError: String? {
      guard !email.isEmpty else { return nil }
      guard email.contains("@") else { return "Invalid email" }
      return nil
    }

    var passwordError: String? {
      guard !password.isEmpty else { return nil }
      guard password.count >= 8 else { return "Password too short" }
      return nil
    }

    var confirmPasswordError: String? {
      guard !confirmPassword.isEmpty else { return nil }
      guard confirmPassword == password else { return "Passwords don't match" }
      return nil
    }

    var isValid: Bool {
      !email.isEmpty && !password.isEmpty && !confirmPassword.isEmpty
        && emailError == nil && passwordError == nil && confirmPasswordError == nil
    }
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case submitTapped
    case submissionResponse(Result<Void, Error>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()

    Reduce { state, action in
      switch action {
      case .binding:
        return .none

      case .submitTapped:
        guard state.isValid else { return .none }
        state.submitted = true
        return .none

      case .submissionResponse:
        return .none
      }
    }
  }
}
